import Core

/// How the last frame showed the state: the scroll positions and sizes only drawing can work
/// out (ratatui's `StatefulWidget` state). `Renderer.render` is its only writer and reads
/// `AppState` without changing it, so the state's versions move only when its data does.
/// `update` reads the last frame's view (a page is the chat's height, a click lands on the
/// rows drawn) and asks for scrolling through `AppState` (`ChatState.scroll`).
struct ViewState {
    var chat = ChatViewState()
    /// The first todo row drawn: the window stays put while the selection is in it.
    var todosTop = 0
}

struct ChatViewState {
    /// Rows scrolled up from the bottom as drawn; 0 follows the stream. The renderer clamps
    /// it at the top, keeps the view still while the answer grows below it and brings a newly
    /// chosen answer into view.
    var rowsFromBottom = 0
    /// The transcript's height in the last frame, so PgUp moves a page.
    var height = 10
    /// The serial of the last `ScrollRequest` taken.
    var taken = 0
    /// The answer chosen, and whether its steps were open, when the view last followed the
    /// choice: a new choice (or opening it) is scrolled into view once; after that the user
    /// may scroll away from it.
    var followedSelection: (id: Int64?, expanded: Bool) = (nil, false)
    /// The streaming answer's height in the last frame: its growth moves a scrolled-up view
    /// by as much, so the lines read stay still.
    var streamingHeight: (id: Int64, height: Int)?
    /// Where the last frame drew each picture's placeholder line (the transcript's rows on the
    /// screen), for an inline preview to be drawn there (docs/images.md).
    /// The image previews the frame left room for under their placeholders, whole and
    /// uncovered (none under an overlay or the popup): the runtime places them after the
    /// frame (`PreviewPainter`, docs/images.md, Previews in the terminal).
    var previews: [PreviewSpot] = []

    /// Takes `request` when it is new: a request moves the view once, then drawing owns it.
    mutating func take(_ request: ScrollRequest) {
        guard request.serial != taken else { return }
        taken = request.serial
        rowsFromBottom = request.rowsFromBottom
    }
}

/// The chat's scroll position as `update` asks for it (a key, the wheel, following the bottom
/// after a send). Each request has a new serial, unique across states (a new `ChatState`
/// asks for the bottom), so the renderer takes it exactly once.
struct ScrollRequest: Equatable {
    private(set) var rowsFromBottom = 0
    private(set) var serial = AppState.nextVersion()

    /// `rows` up from the bottom (0: follow the stream); clamped at the top when drawn.
    mutating func ask(_ rows: Int) {
        rowsFromBottom = max(0, rows)
        serial = AppState.nextVersion()
    }

    /// Scrolls by `rows` (up when positive) from where the chat is: the last frame's position,
    /// or this request's when it has not been drawn yet (keys that came in one read).
    mutating func move(by rows: Int, from view: ChatViewState) {
        let from = view.taken == serial ? view.rowsFromBottom : rowsFromBottom
        // Home asks for Int.max / 2 rows: a second Home before the frame must not overflow.
        ask(min(from, Int.max / 2) + rows)
    }
}
