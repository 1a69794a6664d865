import Foundation
import Core

/// An .ics file cut into pieces of about `eventsPerPiece` events, each read (unfolded, parsed,
/// nested, its events mapped) on a background thread while the one database writer stores the
/// pieces before it (`ICalendar.stream`). A piece starts at a `BEGIN:VEVENT` or `END:VCALENDAR`
/// line, so no content line is split; a piece is read on its own on the assumption that it
/// starts directly inside a VCALENDAR, and when that does not hold (the file's head and tail,
/// a block left open across pieces, any error) the reader reads it again itself, in order,
/// against the file's real nesting: same blocks, same first error.
struct CalendarPieces {
    struct Piece: Sendable {
        var bytes: Range<Int>
        /// The number of its first physical line in the file.
        var firstLine: Int
    }

    /// What a background thread made of a piece.
    enum Read: Sendable {
        /// The blocks directly inside the VCALENDAR, in order.
        case blocks([Block])
        /// The assumption did not hold, or something is wrong: the reader reads it itself.
        case again
    }

    /// A VEVENT mapped where it was read, without its block: the blocks are freed by the thread
    /// that made them (freeing another thread's memory is slower), and the writer's thread has
    /// less to do. Any other block is handed over as read.
    enum Block: Sendable {
        case event(MappedEvent)
        case other(Component)
    }

    struct MappedEvent: Sendable {
        var task: Result<TaskItem, Error>
        var notes: [String]
        /// Its BEGIN line.
        var line: Int
    }

    static let eventsPerPiece = 1_000

    let pieces: [Piece]
    /// The BEGIN:VEVENT and BEGIN:VTODO lines: about the number of items (for progress).
    let items: Int

    init(_ data: Data) {
        var pieces: [Piece] = []
        var items = 0
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress else { return }
            var start = 0, startLine = 1, position = 0, line = 1, events = 0
            var cutAtNextEvent = true
            func cut() {
                if position > start { pieces.append(Piece(bytes: start..<position, firstLine: startLine)) }
                start = position
                startLine = line
            }
            func starts(_ word: StaticString) -> Bool {
                let length = word.utf8CodeUnitCount
                guard bytes.count - position >= length, memcmp(base + position, word.utf8Start, length) == 0 else { return false }
                return bytes.count - position == length || base[position + length] == 0x0D || base[position + length] == 0x0A
            }
            while position < bytes.count {
                let first = base[position]
                if first == UInt8(ascii: "B") {
                    if starts("BEGIN:VEVENT") {
                        items += 1
                        if cutAtNextEvent || events >= Self.eventsPerPiece {
                            cut()
                            events = 0
                            cutAtNextEvent = false
                        }
                        events += 1
                    } else if starts("BEGIN:VTODO") {
                        items += 1
                    }
                } else if first == UInt8(ascii: "E"), starts("END:VCALENDAR") {
                    cut()
                    cutAtNextEvent = true
                }
                guard let end = memchr(base + position, 0x0A, bytes.count - position) else { break }
                position = base.distance(to: end.assumingMemoryBound(to: UInt8.self)) + 1
                line += 1
            }
            position = bytes.count
            cut()
        }
        self.pieces = pieces
        self.items = items
    }

    /// Reads `piece` on the assumption that it starts directly inside a VCALENDAR.
    static func read(_ data: Data, _ piece: Piece, zone: TimeZone, now: Date) -> Read {
        var blocks: [Component] = []
        do {
            let lines = try unfold(data, piece)
            var builder = ComponentBuilder(streamingCalendars: true, open: [Component(name: "VCALENDAR")])
            for line in lines {
                let content = try ContentLine(parsing: line.text, line: line.line)
                if content.name == "END" && builder.stack.count == 1 { return .again }  // the VCALENDAR ends here
                if let block = try builder.add(content) { blocks.append(block) }
            }
            guard builder.stack.count == 1 else { return .again }
        } catch {
            return .again
        }
        return .blocks(blocks.map { block in
            guard block.name == "VEVENT", block.first("RECURRENCE-ID") == nil else { return .other(block) }
            var notes: [String] = []
            return .event(MappedEvent(task: Result { try EventMapping.task(from: block, zone: zone, notes: &notes, now: now) },
                                      notes: notes, line: block.line))
        })
    }

    /// The piece's content lines.
    static func unfold(_ data: Data, _ piece: Piece) throws -> [(text: String, line: Int)] {
        try data.withUnsafeBytes { raw in
            try ContentFolding.unfold(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[piece.bytes]), firstLine: piece.firstLine)
        }
    }
}
