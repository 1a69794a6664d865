extension Sanitizer {
    /// JSON text with every scalar that could drive a terminal written as a `\uXXXX` escape:
    /// the C1 controls, DEL and the bidi embedding/override/isolate controls, which JSON
    /// encoders leave raw (C0 controls they escape already). Such a scalar can only stand
    /// inside a string, so the text stays valid JSON and decodes to the same values.
    public static func escapingJSON(_ json: String) -> String {
        if isClean(json) { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            switch scalar.value {
            case 0..<0x20 where scalar != "\n" && scalar != "\t" && scalar != "\r", 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069:
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }
}
