import Terminal

/// Where each pane goes for a terminal size. Wide: three columns; medium: Chat beside
/// Tasks over Todos; narrow: the focused pane alone under a tab bar.
struct Layout: Equatable {
    static let minimumWidth = 40
    static let minimumHeight = 12
    static let wideWidth = 140
    static let mediumWidth = 100

    enum Mode: Equatable { case tooSmall, narrow, medium, wide }

    var mode: Mode
    var panes: [PaneID: Rect] = [:]
    var tabBar: Rect?
    var statusBar: Rect

    init(size: Size, focus: PaneID) {
        let w = size.width, h = size.height
        statusBar = Rect(x: 0, y: max(0, h - 1), width: w, height: 1)
        guard w >= Layout.minimumWidth, h >= Layout.minimumHeight else {
            mode = .tooSmall
            return
        }
        let body = Rect(x: 0, y: 0, width: w, height: h - 1)
        if w >= Layout.wideWidth {
            mode = .wide
            let side = max(34, w * 26 / 100)
            let chatWidth = w - 2 * side
            panes[.chat] = Rect(x: 0, y: 0, width: chatWidth, height: body.height)
            panes[.tasks] = Rect(x: chatWidth, y: 0, width: side, height: body.height)
            panes[.todos] = Rect(x: chatWidth + side, y: 0, width: w - chatWidth - side, height: body.height)
        } else if w >= Layout.mediumWidth {
            mode = .medium
            let side = max(34, w * 38 / 100)
            let chatWidth = w - side
            let tasksHeight = max(12, body.height * 60 / 100)
            panes[.chat] = Rect(x: 0, y: 0, width: chatWidth, height: body.height)
            panes[.tasks] = Rect(x: chatWidth, y: 0, width: side, height: min(tasksHeight, body.height))
            panes[.todos] = Rect(x: chatWidth, y: tasksHeight, width: side, height: max(0, body.height - tasksHeight))
        } else {
            mode = .narrow
            tabBar = Rect(x: 0, y: 0, width: w, height: 1)
            panes[focus] = Rect(x: 0, y: 1, width: w, height: body.height - 1)
        }
    }

    func pane(at x: Int, _ y: Int) -> PaneID? {
        panes.first { $0.value.contains(x: x, y: y) }?.key
    }
}

