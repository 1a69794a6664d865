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
