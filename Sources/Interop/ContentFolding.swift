import Foundation
import Core

/// What is wrong with an imported file, where, and what to do about it.
public struct InteropError: Error, Equatable, CustomStringConvertible {
    /// The file's name when several are read at once.
    public var file: String?
    /// 1-based line number in the file; nil when the problem is the whole file.
    public var line: Int?
    /// 1-based column (in characters) on that line, where the reader knows it (JSON files).
    public var column: Int?
    public var message: String
    public var hint: String
    /// The JSON field the problem is in, for finding its line afterwards.
    var path: [JSONPosition.Step]?

    public init(line: Int?, _ message: String, hint: String) {
        self.line = line; self.message = message; self.hint = hint
    }

    init(at place: (line: Int, column: Int)?, _ message: String, hint: String) {
        self.init(line: place?.line, message, hint: hint)
        column = place?.column
    }

    /// "12:5" (line and column), "12", or nil when the problem is the whole file.
    public var place: String? {
        line.map { line in "\(line)" + (column.map { ":\($0)" } ?? "") }
    }

    /// "line 12: … — …"; the CLI puts the file name in front.
    public var description: String {
        (line.map { "line \($0)" + (column.map { ", column \($0)" } ?? "") + ": " } ?? "") + message + (hint.isEmpty ? "" : " — " + hint)
    }
}

/// Physical lines ↔ content lines: unfolding (a line starting with a space or tab continues
/// the one before), and folding at 75 octets without splitting a UTF-8 character.
public enum ContentFolding {
    /// Files larger than this are refused before parsing.
    public static let maximumFileSize = 64 << 20

    /// The unfolded lines of `data`, each with the number of its first physical line.
    /// Accepts CRLF and bare LF line ends; skips empty lines. Throws when the file is not UTF-8
    /// or holds a NUL byte.
    public static func unfold(_ data: Data) throws -> [(text: String, line: Int)] {
        try checkSize(data)
        return try data.withUnsafeBytes { try unfold($0.bindMemory(to: UInt8.self), firstLine: 1) }
    }

    /// Refuses a file above `maximumFileSize`.
    static func checkSize(_ data: Data) throws {
        guard data.count <= maximumFileSize else {
            throw InteropError(line: nil, "the file is larger than \(maximumFileSize >> 20) MB",
                               hint: "split it into smaller files and import them one by one")
        }
    }

    /// The unfolded lines of a piece of a file that starts a content line (`CalendarPieces`),
    /// numbered from `firstLine`; a byte-order mark is skipped at the file's start only.
    static func unfold(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int) throws -> [(text: String, line: Int)] {
        var result: [(text: String, line: Int)] = []
        var pending: [UInt8] = []
        var pendingLine = 0
        var lineNumber = firstLine - 1
        func flush() throws {
            defer { pending.removeAll(keepingCapacity: true) }
            guard !pending.isEmpty else { return }
            // RFC 5545/6350 allow no control characters in values, and stored text would end at a NUL.
            if pending.contains(0) {
                throw InteropError(line: pendingLine, "this line holds a NUL byte, which iCalendar and vCard files cannot hold",
                                   hint: "remove it (tr -d '\\000' < FILE > FIXED) and import the fixed file")
            }
            guard let text = String(validating: pending, as: UTF8.self) else {
                throw InteropError(line: pendingLine, "this line is not valid UTF-8 text",
                                   hint: "save the file as UTF-8 (e.g. iconv -f LATIN1 -t UTF-8) and import it again")
            }
            result.append((text, pendingLine))
        }
        do {
            var start = 0
            result.reserveCapacity(bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + 1)  // at most a line per line end
            if firstLine == 1, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }  // BOM
            while start < bytes.count {
                lineNumber += 1
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                var contentEnd = end
                if contentEnd > start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                if contentEnd > start, bytes[start] == 0x20 || bytes[start] == 0x09 {
                    if pending.isEmpty {
                        throw InteropError(line: lineNumber, "a continuation line (starting with a space) has no line before it",
                                           hint: "remove the leading space, or join it to the property it belongs to")
                    }
                    pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<contentEnd]))
                } else {
                    try flush()
                    if contentEnd > start {
                        pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<contentEnd]))
                        pendingLine = lineNumber
                    }
                }
                start = end + 1
            }
        }
        try flush()
        return result
    }

    /// `line` folded into physical lines of at most 75 octets, each ending in CRLF.
    public static func fold(_ line: String, into out: inout String) {
        let utf8 = line.utf8
        if utf8.count <= 75 {
            out += line
            out += "\r\n"
            return
        }
        let bytes = Array(utf8)
        var start = 0
        var limit = 75
        while start < bytes.count {
            var end = min(bytes.count, start + limit)
            // Never cut before a continuation byte (10xxxxxx): back up to the character's start.
            while end < bytes.count, end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if start > 0 { out += " " }
            out += String(decoding: bytes[start..<end], as: UTF8.self)
            out += "\r\n"
            start = end
            limit = 74  // the leading space counts
        }
    }

    /// Lines cleaned, folded and joined with CRLF. Cleaning is the one exit of both writers:
    /// RFC 5545 and 6350 allow no control characters in a value (a line break is written `\n`),
    /// and stored text, imported or typed by a model, may hold escape sequences.
    public static func fold(_ lines: [String]) -> String {
        var out = ""
        for line in lines { fold(Sanitizer.clean(line), into: &out) }
        return out
    }
}
