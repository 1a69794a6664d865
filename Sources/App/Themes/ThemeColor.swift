import Foundation
import TOMLKit
import Terminal

/// Color values in theme files: `"#rrggbb"`, a standard color name (`"red"`,
/// `"bright-cyan"`), a number 0-255 of the xterm palette, `"default"` (the terminal's own
/// color), or a name from the file's `[palette]`.
enum ThemeColor {
    static let standardNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
    static let hint = "use \"#rrggbb\", a name like \"bright-cyan\", 0-255, \"default\" or a [palette] name"

    struct Problem: Error { var message: String }

    /// The color `value` stands for; palette names come first, so a palette may redefine "red".
    static func parse(_ value: TOMLValueConvertible, palette: [String: Color] = [:]) throws(Problem) -> Color {
        if let n = value.int {
            guard (0...255).contains(n) else { throw Problem(message: "\(n) is not a color number (0-255)") }
            return n < 16 ? .ansi(UInt8(n)) : .palette(UInt8(n))
        }
        guard let text = value.string else {
            throw Problem(message: "a color must be text or a number, not \(value.type); \(hint)")
        }
        if let named = palette[text] ?? literal(text) { return named }
        throw Problem(message: "\"\(text)\" is not a color; \(hint)")
    }

    /// A color written out (not a palette name): hex, a standard name or "default".
    static func literal(_ text: String) -> Color? {
        if text == "default" { return .terminalDefault }
        if text.hasPrefix("#") { return hex(text.dropFirst()) }
        let bright = text.hasPrefix("bright-")
        guard let index = standardNames.firstIndex(of: bright ? String(text.dropFirst(7)) : text) else { return nil }
        return .ansi(UInt8(index + (bright ? 8 : 0)))
    }

    private static func hex(_ digits: Substring) -> Color? {
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let v = UInt32(digits, radix: 16) else { return nil }
        return .rgb(UInt8(v >> 16), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
    }
}
