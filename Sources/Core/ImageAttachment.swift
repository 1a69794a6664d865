import Foundation

/// An image with its bytes, as attached to a message or sent to a provider: what the file's
/// bytes say it is (`info`) and the name it had (shown cleaned; never used to decide the type).
public struct ImageAttachment: Sendable, Equatable {
    public var name: String
    public var info: ImageInfo
    public var data: Data

    public init(name: String, info: ImageInfo, data: Data) {
        self.name = name; self.info = info; self.data = data
    }

    /// Sniffs `data` and checks it against `maxBytes` (the cap is checked first: a huge file is
    /// refused by its size whatever it holds).
    public init(name: String, data: Data, maxBytes: Int) throws {
        guard data.count <= maxBytes else { throw ImageError.tooLarge(byteCount: data.count, cap: maxBytes) }
        self.init(name: name, info: try ImageInfo.sniff(data), data: data)
    }

    public var mimeType: String { info.mimeType }
    public var base64: String { data.base64EncodedString() }

    /// The default cap per image: 20 MB (OpenAI's and Anthropic's request limits are near it).
    public static let defaultMaxBytes = 20 * 1024 * 1024
}

/// An image stored with a message or a tool call, without its bytes (they are read on demand
/// by `hash`): what the transcript draws and a preview looks up.
public struct StoredImage: Sendable, Equatable, Hashable {
    /// The SHA-256 of the bytes, 64 lowercase hex digits: the image's key in the database.
    public var hash: String
    /// Where it is among the message's images, from 0.
    public var position: Int
    public var name: String
    public var format: ImageInfo.Format
    public var width: Int
    public var height: Int
    public var byteCount: Int

    public init(hash: String, position: Int, name: String, format: ImageInfo.Format, width: Int, height: Int, byteCount: Int) {
        self.hash = hash; self.position = position; self.name = name; self.format = format
        self.width = width; self.height = height; self.byteCount = byteCount
    }

    public var info: ImageInfo { ImageInfo(format: format, width: width, height: height, byteCount: byteCount) }
}

extension ImageInfo {
    /// "1280×960 · 240 KB" style parts, shared by chips, placeholders and exports.
    public var sizeText: String { "\(width)×\(height)" }
    public var bytesText: String { ByteSize.text(byteCount) }
}
