import Foundation

/// Small image files made in the test, of any size: a PNG that decoders read (stored zlib
/// block, real CRCs), and GIF, JPEG and WebP files whose structure (signature, headers, end
/// marker) is what `ImageInfo.sniff` and the providers' first checks read.
public enum TestImages {
    public static func png(width: Int = 2, height: Int = 2) -> Data {
        var raw: [UInt8] = []
        for _ in 0..<height { raw.append(0); raw += Array(repeating: 0x80, count: width * 3) }
        var zlib: [UInt8] = [0x78, 0x01]
        var rest = raw[...]
        repeat {
            let block = rest.prefix(65_535); rest = rest.dropFirst(block.count)
            let n = UInt16(block.count)
            zlib += [rest.isEmpty ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)] + block
        } while !rest.isEmpty
        zlib += be32(adler32(raw))
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0])
        out += chunk("IDAT", zlib)
        out += chunk("IEND", [])
        return Data(out)
    }

    public static func gif(width: Int = 1, height: Int = 1) -> Data {
        Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61] + le16(width) + le16(height)
             + [0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00,
                0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B])
    }

    /// SOI, APP0 (JFIF), SOF0 with the size, SOS, a few coded bytes (one stuffed FF 00), EOI.
    public static func jpeg(width: Int = 4, height: Int = 3) -> Data {
        var out: [UInt8] = [0xFF, 0xD8]
        out += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        out += [0xFF, 0xC0, 0x00, 0x0B, 0x08] + be16(height) + be16(width) + [0x01, 0x01, 0x11, 0x00]
        out += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        out += [0x12, 0xFF, 0x00, 0x34, 0x56]
        out += [0xFF, 0xD9]
        return Data(out)
    }

    public enum WebPKind: Sendable { case lossy, lossless, extended }

    public static func webp(width: Int = 3, height: Int = 2, kind: WebPKind = .lossless) -> Data {
        var body: [UInt8]
        switch kind {
        case .lossy:
            body = Array("VP8 ".utf8) + le32(10) + [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + le16(width) + le16(height)
        case .lossless:
            let bits = UInt32(width - 1) | UInt32(height - 1) << 14
            body = Array("VP8L".utf8) + le32(6) + [0x2F] + le32(Int(bits)) + [0x00]
        case .extended:
            body = Array("VP8X".utf8) + le32(10) + [0, 0, 0, 0] + le24(width - 1) + le24(height - 1)
        }
        body += Array(repeating: 0, count: 8)
        return Data(Array("RIFF".utf8) + le32(4 + body.count) + Array("WEBP".utf8) + body)
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(UInt32(data.count)) + typed + be32(crc32(typed))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return b << 16 | a
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le24(_ v: Int) -> [UInt8] { le16(v) + [UInt8(v >> 16 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v) + le16(v >> 16) }
}
