import Foundation

/// A `multipart/form-data` body (RFC 7578), built as bytes so it goes through the engine's
/// ordinary request path (`HTTPRequest.body`) and a test can compare it byte for byte.
///
/// The boundary is random and checked not to occur in any part; names and file names are
/// quoted as browsers do (`"` → `%22`, CR → `%0D`, LF → `%0A`), so no part can end a header line.
public struct MultipartBody: Sendable, Equatable {
    public struct Part: Sendable, Equatable {
        public var name: String
        /// Set for a file part: `filename="…"` and its own content type.
        public var fileName: String?
        public var contentType: String?
        public var data: Data

        public init(name: String, fileName: String? = nil, contentType: String? = nil, data: Data) {
            self.name = name; self.fileName = fileName; self.contentType = contentType; self.data = data
        }
    }

    public private(set) var parts: [Part] = []
    /// The boundary of `data`; chosen again when a part holds it.
    public private(set) var boundary: String

    public init(boundary: String = MultipartBody.randomBoundary()) {
        self.boundary = boundary
    }

    public mutating func addField(_ name: String, _ value: String) {
        parts.append(Part(name: name, data: Data(value.utf8)))
    }

    public mutating func addFile(_ name: String, fileName: String, contentType: String, data: Data) {
        parts.append(Part(name: name, fileName: fileName, contentType: contentType, data: data))
    }

    /// The `Content-Type` header's value for this body.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The body's bytes. Call after the last part is added: a boundary found inside a part is
    /// replaced first (32 random hex digits make that a matter of tests, not of chance).
    public mutating func encoded() -> Data {
        while parts.contains(where: { Self.contains($0, "--" + boundary) }) {
            boundary = Self.randomBoundary()
        }
        var out = Data()
        for part in parts {
            out.append(Data("--\(boundary)\r\n".utf8))
            var disposition = "Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let fileName = part.fileName { disposition += "; filename=\"\(Self.quoted(fileName))\"" }
            out.append(Data((disposition + "\r\n").utf8))
            if let type = part.contentType {
                out.append(Data("Content-Type: \(Self.headerSafe(type))\r\n".utf8))
            }
            out.append(Data("\r\n".utf8))
            out.append(part.data)
            out.append(Data("\r\n".utf8))
        }
        out.append(Data("--\(boundary)--\r\n".utf8))
        return out
    }

    /// "aihelper-" and 32 random hex digits (RFC 2046 allows up to 70 characters).
    public static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = (0..<4).map { _ in String(generator.next() as UInt32, radix: 16) }
            .map { String(repeating: "0", count: 8 - $0.count) + $0 }
        return "aihelper-" + hex.joined()
    }

    private static func contains(_ part: Part, _ marker: String) -> Bool {
        let needle = Data(marker.utf8)
        return part.data.range(of: needle) != nil
            || [part.name, part.fileName ?? "", part.contentType ?? ""].contains { $0.contains(marker) }
    }

    /// A name or file name inside quotes, as the HTML standard encodes them.
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func headerSafe(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" })
    }
}
