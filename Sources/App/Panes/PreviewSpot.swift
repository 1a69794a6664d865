import Core
import Terminal

/// Where a frame shows an image's preview: the image (by hash, with what its header said)
/// and the cells reserved for it under its placeholder line. The transcript lists the
/// previews it drew whole (`ViewState.previews`); the runtime places them after the frame.
struct PreviewSpot: Hashable {
    var image: StoredImage
    var box: PreviewBox
    /// The top-left cell on the screen.
    var x: Int
    var y: Int

    var rows: Range<Int> { y..<(y + box.rows) }
}

/// A blank row the transcript keeps under an image's placeholder for its preview: row
/// `index` of the box's rows. Drawn bottom-up, a preview is listed when its top row is drawn
/// right above its bottom one: only whole previews are placed.
struct PreviewRow {
    var image: StoredImage
    var box: PreviewBox
    var index: Int

    /// The rows under `image`'s placeholder when previews are on, in a transcript `width` wide.
    static func lines(_ image: StoredImage, previews: ImagePreviews?, width: Int, style: Style) -> [StyledLine] {
        guard let previews, width > 6 else { return [] }
        let box = previews.box(width: image.width, height: image.height, columns: width - 4)
        return (0..<box.rows).map { index in
            var line = StyledLine("", style)
            line.preview = PreviewRow(image: image, box: box, index: index)
            return line
        }
    }
}
