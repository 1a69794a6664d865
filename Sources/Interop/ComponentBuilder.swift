import Foundation

/// Nests content lines into blocks, one line at a time: BEGIN opens a block, END closes it,
/// any other line is a property of the innermost open block. Throws on unbalanced BEGIN/END or
/// a line outside any block, naming the line.
///
/// With `streamingCalendars`, a block directly inside a top-level VCALENDAR is handed back by
/// `add` when it closes instead of being kept (the .ics reader stores events as it reads), and
/// a top-level block of another name is an error at once.
struct ComponentBuilder {
    private(set) var stack: [Component]
    private(set) var top: [Component] = []
    private let streamingCalendars: Bool
    /// The name of the file's first top-level block (it names the hint of a wrong one).
    private var firstTop: String?

    init(streamingCalendars: Bool = false, open: [Component] = []) {
        self.streamingCalendars = streamingCalendars
        stack = open
    }

    /// Adds a line; returns a block that closed directly inside a VCALENDAR when streaming.
    mutating func add(_ content: ContentLine) throws -> Component? {
        let line = content.line
        switch content.name {
        case "BEGIN":
            let name = content.value.trimmedSpaces.uppercased()
            guard !name.isEmpty else {
                throw InteropError(line: line, "BEGIN has no block name", hint: "write e.g. BEGIN:VEVENT")
            }
            if stack.isEmpty {
                if firstTop == nil { firstTop = name }
                if streamingCalendars && name != "VCALENDAR" { throw Self.notACalendar(name, line: line, first: firstTop!) }
            }
            stack.append(Component(name: name, line: line))
        case "END":
            let name = content.value.trimmedSpaces.uppercased()
            guard var finished = stack.popLast() else {
                throw InteropError(line: line, "END:\(name) has no BEGIN:\(name) before it",
                                   hint: "remove this line or add the missing BEGIN line")
            }
            guard finished.name == name else {
                throw InteropError(line: line, "END:\(name) closes BEGIN:\(finished.name) of line \(finished.line)",
                                   hint: "add END:\(finished.name) before this line, or fix the block name")
            }
            finished.endLine = line
            if stack.isEmpty {
                if !streamingCalendars { top.append(finished) } else { top.append(Component(name: name, line: finished.line, endLine: line)) }
            } else if streamingCalendars && stack.count == 1 {
                return finished
            } else {
                stack[stack.count - 1].children.append(finished)
            }
        default:
            guard !stack.isEmpty else {
                throw InteropError(line: line, "the property \(content.name) is outside any BEGIN … END block",
                                   hint: "the file must start with BEGIN:VCALENDAR or BEGIN:VCARD")
            }
            stack[stack.count - 1].properties.append(content)
        }
        return nil
    }

    /// The top-level blocks (when streaming: closed VCALENDARs without their children). Throws
    /// when a block is still open at the end of the file.
    func finish() throws -> [Component] {
        if let open = stack.last {
            throw InteropError(line: open.line, "BEGIN:\(open.name) is never closed (the file ends first)",
                               hint: "add END:\(open.name) where the block ends; the file may have been cut off")
        }
        return top
    }

    /// A top-level block of an .ics file that is not a VCALENDAR.
    static func notACalendar(_ name: String, line: Int, first: String) -> InteropError {
        InteropError(line: line, "BEGIN:\(name) where BEGIN:VCALENDAR was expected",
                     hint: first == "VCARD" ? "this is a vCard file: name it .vcf" : "is this an iCalendar (.ics) file?")
    }
}
