import Terminal

/// Inline image previews as the terminal allows them (docs/images.md, Previews in the terminal):
/// set by `.graphicsDetected` once the terminal answered the query (or the setting named a
/// protocol), nil before that and when it has none. The transcript reserves a preview's rows
/// under an image's placeholder line only when this is set.
struct ImagePreviews: Equatable {
    var graphics: GraphicsProtocol
    /// A cell's size in pixels: how many rows an image of a given size takes.
    var cell: Size

    /// The cell size used when the terminal says none (a common 10 × 20 font).
    static let defaultCell = Size(width: 10, height: 20)

    /// The box of an image of `width` × `height` pixels in at most `columns` columns.
    func box(width: Int, height: Int, columns: Int) -> PreviewBox {
        PreviewBox.fitting(Size(width: width, height: height), cell: cell, maxColumns: columns)
    }
}
