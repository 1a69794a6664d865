import Foundation

/// What an image file is, read from its bytes (never its name): the format, the size in pixels
/// from the headers, and its length. `sniff` also refuses a file cut short, so a half-copied
/// picture is not sent to a provider that would answer with a vague error (docs/images.md).
public struct ImageInfo: Sendable, Equatable {
    public enum Format: String, Sendable, Equatable, CaseIterable, Codable {
        case png, jpeg, gif, webp

        public var mimeType: String {
            switch self {
            case .png: "image/png"
            case .jpeg: "image/jpeg"
            case .gif: "image/gif"
            case .webp: "image/webp"
            }
        }

        /// The format of a MIME type as stored or exported (nil for any other type).
        public init?(mimeType: String) {
            guard let format = Self.allCases.first(where: { $0.mimeType == mimeType.lowercased() }) else { return nil }
            self = format
        }
    }

    public var format: Format
    public var width: Int
    public var height: Int
    public var byteCount: Int

    public var mimeType: String { format.mimeType }

    public init(format: Format, width: Int, height: Int, byteCount: Int) {
        self.format = format; self.width = width; self.height = height; self.byteCount = byteCount
    }

    /// The largest side accepted: a header claiming more is refused (a decoder would need
    /// gigabytes, and no provider takes it).
    public static let maxSide = 32_768

    /// Reads the format by magic bytes and the size from the headers; throws `ImageError`.
    public static func sniff(_ data: Data) throws -> ImageInfo {
        let bytes = [UInt8](data)
        let format = try detect(bytes)
        let (width, height) = try ImageHeaders.size(of: format, in: bytes)
        guard width > 0, height > 0 else { throw ImageError.badHeader(format) }
        guard width <= maxSide, height <= maxSide else {
            throw ImageError.dimensionsTooLarge(format, width: width, height: height)
        }
        return ImageInfo(format: format, width: width, height: height, byteCount: bytes.count)
    }

    static func detect(_ b: [UInt8]) throws -> Format {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return .gif }
        if b.count >= 12, b[0..<4].elementsEqual("RIFF".utf8), b[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        throw ImageError.notAnImage
    }
}

/// Why bytes are not an image that can be attached. `description` is the English message for
/// the command line; the TUI words each case from its catalog.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No PNG, JPEG, GIF or WebP signature.
    case notAnImage
    /// The file ends before its format's end marker (or the size its header declares).
    case truncated(ImageInfo.Format)
    /// The signature is there but the header holding the size is missing or malformed.
    case badHeader(ImageInfo.Format)
    case dimensionsTooLarge(ImageInfo.Format, width: Int, height: Int)
    /// Larger than the cap (`[images] max_bytes`).
    case tooLarge(byteCount: Int, cap: Int)

    public var description: String {
        switch self {
        case .notAnImage:
            "not an image: only PNG, JPEG, GIF and WebP files can be attached"
        case .truncated(let format):
            "the \(format.rawValue.uppercased()) file is truncated (it ends before its end marker)"
        case .badHeader(let format):
            "the \(format.rawValue.uppercased()) file's header is damaged (no image size in it)"
        case .dimensionsTooLarge(_, let width, let height):
            "the image is \(width)×\(height) pixels; at most \(ImageInfo.maxSide) a side can be attached"
        case .tooLarge(let byteCount, let cap):
            "the image is \(ByteSize.text(byteCount)), over the cap of \(ByteSize.text(cap)) ([images] max_bytes)"
        }
    }
}

/// A byte count as people read it: 512 B, 240 KB, 4.2 MB (1 KB = 1,024 bytes).
public enum ByteSize {
    public static func text(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let kb = Double(bytes) / 1024
        if kb < 1024 { return "\(Int(kb.rounded())) KB" }
        let mb = kb / 1024
        return mb < 10 ? String(format: "%.1f MB", mb) : "\(Int(mb.rounded())) MB"
    }
}
