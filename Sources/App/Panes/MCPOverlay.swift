import Foundation
import Terminal
import MCPClient

/// The servers view: a box with the servers (one line each, with their state) and, under
/// them, the chosen server's details. Server text (names, descriptions, stderr) was cleaned
/// of control sequences when it arrived.
enum MCPOverlay {
    static func draw(_ view: MCPView, in area: Rect, theme: Theme, into canvas: inout Canvas) {
        let width = min(area.width - 4, 100)
        let height = min(area.height - 2, max(12, view.servers.count + 14))
        guard width > 20, height > 6 else { return }
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        canvas.fill(box, style: theme[.helpBox])
        canvas.box(box, title: tr.mcp.title, style: theme[.borderFocused], titleStyle: theme[.titleFocused])
        // Nothing is typed here: no cursor from the input or the settings under the view.
        canvas.cursor = nil
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: width - 4, height: height - 2)
        canvas.put(tr.mcp.keys, x: inner.x, y: inner.y, style: theme[.muted], maxWidth: inner.width)
        guard !view.servers.isEmpty else {
            canvas.put(tr.mcp.noServers(view.configPath), x: inner.x, y: inner.y + 2, style: theme[.text], maxWidth: inner.width)
            return
        }
        let listRows = min(view.servers.count, max(1, inner.height / 3))
        let first = ListWindow.top(count: view.servers.count, selected: view.selected, height: listRows, previousTop: 0)
        for (row, index) in (first..<min(view.servers.count, first + listRows)).enumerated() {
            drawServer(view.servers[index], selected: index == view.selected, y: inner.y + 2 + row, in: inner, theme: theme, into: &canvas)
        }
        guard let server = view.selectedServer else { return }
        var lines = details(server, resource: view.resource)
        let top = inner.y + 3 + listRows
        lines = Array(lines.prefix(max(0, inner.y + inner.height - top)))
        for (row, line) in lines.enumerated() {
            canvas.put(line.text, x: inner.x, y: top + row, style: theme[line.style], maxWidth: inner.width)
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
        var lines: [(text: String, style: StyleName)] = [(tr.mcp.command + server.command, .muted)]
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
