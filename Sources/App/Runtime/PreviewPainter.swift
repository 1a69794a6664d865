import Terminal

/// Places image previews after each frame, where the transcript left room for them
/// (`ViewState.previews`): ncurses draws text only, so the image bytes go straight to the
/// terminal once its frame is out, as `DirectClusters` does for graphemes ncurses cannot hold.
/// What is placed changes only when the previews on the screen move (a scroll, an overlay, a
/// resize): kitty's placements are deleted and placed again (the images stay stored in the
/// terminal under their ids); under sixel, the rows an image left are written again by ncurses
/// and the image drawn where it is now. The work is for the previews visible, never the history.
/// Created only for a terminal that answered the query: no other terminal gets image bytes.
final class PreviewPainter {
    let graphics: GraphicsProtocol
    let store: PreviewStore

    struct Placed: Equatable {
        var key: PreviewStore.Key
        var encoded: PreviewStore.Encoded
        var x: Int, y: Int
        var rows: Range<Int> { y..<(y + key.box.rows) }
    }

    /// What is on the screen now.
    private(set) var painted: [Placed] = []
    /// Kitty ids the terminal holds.
    private var transmitted: Set<UInt32> = []

    init(graphics: GraphicsProtocol, store: PreviewStore) {
        self.graphics = graphics
        self.store = store
    }

    /// After `backend.present`: places `spots` whose preview is ready (asking for the others).
    func paint(_ spots: [PreviewSpot], on backend: TerminalBackend) {
        let placed = spots.compactMap { spot -> Placed? in
            let key = PreviewStore.Key(hash: spot.image.hash, box: spot.box, graphics: graphics)
            return store.encoded(key, format: spot.image.format).map { Placed(key: key, encoded: $0, x: spot.x, y: spot.y) }
        }
        var out = ""
        let evicted = store.takeEvicted().filter { transmitted.remove($0) != nil }
        if !evicted.isEmpty { out += KittyGraphics.deleteImages(ids: evicted) }
        switch graphics {
        case .kitty:
            if placed != painted || !evicted.isEmpty {
                out += KittyGraphics.deletePlacements(ids: uniqueIds(painted))
                for (n, p) in placed.enumerated() {
                    if transmitted.insert(p.encoded.kittyId).inserted { out += p.encoded.bytes }
                    out += KittyGraphics.place(id: p.encoded.kittyId, placement: n + 1, row: p.y, column: p.x,
                                               columns: p.key.box.columns, rows: p.key.box.rows)
                }
            }
        case .sixel:
            // Rows an image left, written again by ncurses; an image on a row written (by the
            // frame or that repaint) may have been drawn over: drawn again.
            let left = painted.filter { !placed.contains($0) }.flatMap { Array($0.rows) }
            let repaint = Array(Set(left)).sorted()
            if !repaint.isEmpty { backend.repaint(rows: repaint) }
            let written = Set(backend.lastChangedRows).union(repaint)
            for p in placed where !painted.contains(p) || p.rows.contains(where: written.contains) {
                out += "\u{1B}7\u{1B}[\(p.y + 1);\(p.x + 1)H" + p.encoded.bytes + "\u{1B}8"
            }
        }
        painted = placed
        if !out.isEmpty { backend.writeGraphics(out) }
    }

    /// The screen was cleared and drawn whole (a resize, back from the editor): nothing is placed.
    func forget(on backend: TerminalBackend) {
        if graphics == .kitty, !painted.isEmpty { backend.writeGraphics(KittyGraphics.deletePlacements(ids: uniqueIds(painted))) }
        painted = []
    }

    /// Before the terminal is given back for good: kitty frees the app's images.
    func release(on backend: TerminalBackend) {
        if graphics == .kitty, !transmitted.isEmpty { backend.writeGraphics(KittyGraphics.deleteImages(ids: transmitted.sorted())) }
        transmitted = []
        painted = []
    }

    private func uniqueIds(_ placed: [Placed]) -> [UInt32] {
        var seen = Set<UInt32>()
        return placed.map(\.encoded.kittyId).filter { seen.insert($0).inserted }
    }
}
