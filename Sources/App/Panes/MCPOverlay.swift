import Foundation
import Terminal
import MCPClient

/// The servers view: a box with the servers (one line each, with their state) and, under
/// them, the chosen server's details. Server text (names, descriptions, stderr) was cleaned
/// of control sequences when it arrived.
enum MCPOverlay {
    /// The box, the servers' rows and the rows left for the chosen server's details.
    private struct Placement {
        var box: Rect, inner: Rect
        var listRows: Int
        var detailTop: Int
        var detailRows: Int { max(0, inner.y + inner.height - detailTop) }
    }

    private static func place(_ view: MCPView, in area: Rect) -> Placement {
        let width = min(area.width - 4, 100)
        // Tall enough for the longest server's details when the screen allows; else they scroll.
        let longest = view.servers.map { details($0, resource: 0).count }.max() ?? 0
        let height = min(area.height - 2, max(12, view.servers.count + 14, view.servers.count + 5 + longest))
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: width - 4, height: height - 2)
        let listRows = min(view.servers.count, max(1, inner.height / 3))
        return Placement(box: box, inner: inner, listRows: listRows, detailTop: inner.y + 3 + listRows)
    }

    /// The first detail line shown (`view.detailScroll`, clamped); with more lines than rows
    /// the last row says which show.
    private static func detailWindow(_ view: MCPView, lines: Int, rows: Int) -> (top: Int, shown: Int) {
        guard lines > rows, rows > 1 else { return (0, rows) }
        return (min(max(0, view.detailScroll), lines - (rows - 1)), rows - 1)
    }

    /// The scroll that shows the resource Tab chose (as little moved as can be).
    static func detailScroll(showingResourceOf view: MCPView, size: Size) -> Int {
        guard let server = view.selectedServer else { return 0 }
        let rows = place(view, in: Rect(x: 0, y: 0, width: size.width, height: size.height - 1)).detailRows
        let lines = details(server, resource: view.resource)
        guard lines.count > rows, rows > 1, let chosen = lines.firstIndex(where: { $0.text.hasPrefix("› ") }) else { return view.detailScroll }
        let (top, shown) = detailWindow(view, lines: lines.count, rows: rows)
        return chosen < top ? chosen : chosen >= top + shown ? chosen - shown + 1 : top
    }

    /// How far PgDn scrolls the chosen server's details on a screen of `size`.
    static func maxDetailScroll(_ view: MCPView, size: Size) -> Int {
        guard let server = view.selectedServer else { return 0 }
        let rows = place(view, in: Rect(x: 0, y: 0, width: size.width, height: size.height - 1)).detailRows
        let count = details(server, resource: view.resource).count
        return count > rows && rows > 1 ? count - (rows - 1) : 0
    }

    static func draw(_ view: MCPView, in area: Rect, theme: Theme, into canvas: inout Canvas) {
        let placed = place(view, in: area)
        let box = placed.box, inner = placed.inner
        guard box.width > 20, box.height > 6 else { return }
        canvas.fill(box, style: theme[.helpBox])
        canvas.box(box, title: tr.mcp.title, style: theme[.borderFocused], titleStyle: theme[.titleFocused])
        // Nothing is typed here: no cursor from the input or the settings under the view.
        canvas.cursor = nil
        canvas.put(tr.mcp.keys, x: inner.x, y: inner.y, style: theme[.muted], maxWidth: inner.width)
        guard !view.servers.isEmpty else {
            canvas.put(tr.mcp.noServers(view.configPath), x: inner.x, y: inner.y + 2, style: theme[.text], maxWidth: inner.width)
            return
        }
        let first = ListWindow.top(count: view.servers.count, selected: view.selected, height: placed.listRows, previousTop: 0)
        for (row, index) in (first..<min(view.servers.count, first + placed.listRows)).enumerated() {
            drawServer(view.servers[index], selected: index == view.selected, y: inner.y + 2 + row, in: inner, theme: theme, into: &canvas)
        }
        guard let server = view.selectedServer else { return }
        let lines = details(server, resource: view.resource)
        let (top, shown) = detailWindow(view, lines: lines.count, rows: placed.detailRows)
        for (row, line) in lines.dropFirst(top).prefix(shown).enumerated() {
            canvas.put(line.text, x: inner.x, y: placed.detailTop + row, style: theme[line.style], maxWidth: inner.width)
        }
        if lines.count > placed.detailRows, placed.detailRows > 1 {
            canvas.put(tr.mcp.moreDetails(top + 1, top + shown, lines.count), x: inner.x, y: placed.detailTop + shown,
                       style: theme[.accent], maxWidth: inner.width)
        }
    }

    private static func drawServer(_ server: MCPServerStatus, selected: Bool, y: Int, in inner: Rect, theme: Theme,
                                   into canvas: inout Canvas) {
        let base = selected ? theme[.selection] : theme[.helpBox]
        if selected { canvas.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: base) }
        let (label, style) = stateLabel(server)
        canvas.put((selected ? "› " : "  ") + server.name, x: inner.x, y: y, style: selected ? base : theme[.text], maxWidth: inner.width / 2)
        let detail = truncate(label, toWidth: inner.width / 2)
        canvas.put(detail, x: inner.x + inner.width - TextWidth.of(detail), y: y, style: selected ? base : theme[style])
    }

    static func stateLabel(_ server: MCPServerStatus) -> (String, StyleName) {
        switch server.state {
        case .starting: return (tr.mcp.starting, .muted)
        case .ready: return (tr.mcp.ready(server.enabledToolCount), .accent)
        case .failed(let why): return (tr.mcp.failed + ": " + why, .errorText)
        case .stopped: return (tr.mcp.stopped, .muted)
        case .disabled: return (tr.mcp.disabled, .muted)
        }
    }

    /// The chosen server: its command, why it failed and its stderr, its tools, prompts, resources.
    private static func details(_ server: MCPServerStatus, resource: Int) -> [(text: String, style: StyleName)] {
        var lines: [(text: String, style: StyleName)] = [((server.isRemote ? tr.mcp.url : tr.mcp.command) + server.command, .muted)]
        if case .failed(let why) = server.state {
            lines.append((tr.mcp.failed + ": " + why, .errorText))
        }
        if !server.stderr.isEmpty, server.state != .ready {
            lines.append((tr.mcp.stderr, .accent))
            lines += server.stderr.suffix(8).map { ("  " + $0, .muted) }
        }
        if !server.tools.isEmpty {
            lines.append((tr.mcp.tools, .accent))
            lines += server.tools.map { tool in
                let marks = (tool.isDisabled ? tr.mcp.toolOff : "") + (tool.isDestructive ? tr.mcp.destructive : "")
                return ("  \(tool.agentName)\(marks) — \(tool.description.split(separator: "\n").first ?? "")", tool.isDisabled ? .muted : .text)
            }
        }
        for (title, items, chosen) in [(tr.mcp.prompts, server.prompts, -1), (tr.mcp.resources, server.resources, resource)] where !items.isEmpty {
            lines.append((title, .accent))
            // › marks the resource a attaches.
            lines += items.enumerated().map { i, item in
                ((i == chosen ? "› " : "  ") + item.name + (item.detail.isEmpty ? "" : " — " + item.detail), i == chosen ? .accent : .text)
            }
        }
        return lines
    }
}
