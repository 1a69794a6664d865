/// The size in pixels from each format's headers, and whether the file is whole. Every read
/// is bounds-checked: a short or hostile file throws, never traps.
enum ImageHeaders {
    static func size(of format: ImageInfo.Format, in b: [UInt8]) throws -> (Int, Int) {
        switch format {
        case .png: try png(b)
        case .jpeg: try jpeg(b)
        case .gif: try gif(b)
        case .webp: try webp(b)
        }
    }

    static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    static func be32(_ b: [UInt8], _ i: Int) -> Int { be16(b, i) << 16 | be16(b, i + 2) }
    static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    static func le24(_ b: [UInt8], _ i: Int) -> Int { le16(b, i) | Int(b[i + 2]) << 16 }
    static func le32(_ b: [UInt8], _ i: Int) -> Int { le16(b, i) | le16(b, i + 2) << 16 }

    /// IHDR first; then the chunks walked to IEND (a file that ends inside a chunk is truncated).
    static func png(_ b: [UInt8]) throws -> (Int, Int) {
        guard b.count >= 33 else { throw ImageError.truncated(.png) }
        guard b[12..<16].elementsEqual("IHDR".utf8) else { throw ImageError.badHeader(.png) }
        let size = (be32(b, 16), be32(b, 20))
        var at = 8
        while at + 12 <= b.count {
            let length = be32(b, at)
            if b[(at + 4)..<(at + 8)].elementsEqual("IEND".utf8) { return size }
            at += 12 + length
        }
        throw ImageError.truncated(.png)
    }

    /// The segments walked to the first SOFn for the size; the entropy-coded data after SOS
    /// must end with EOI (an FF there is always stuffed as FF 00, so FF D9 is the end).
    static func jpeg(_ b: [UInt8]) throws -> (Int, Int) {
        var at = 2
        var size: (Int, Int)?
        while true {
            while at < b.count, b[at] == 0xFF, at + 1 < b.count, b[at + 1] == 0xFF { at += 1 }  // fill bytes
            guard at + 4 <= b.count else { throw ImageError.truncated(.jpeg) }
            guard b[at] == 0xFF else { throw ImageError.badHeader(.jpeg) }
            let marker = b[at + 1]
            if marker == 0xD9 { throw size == nil ? ImageError.badHeader(.jpeg) : ImageError.truncated(.jpeg) }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            let length = be16(b, at + 2)
            guard length >= 2 else { throw ImageError.badHeader(.jpeg) }
            let isSOF = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isSOF {
                guard at + 9 <= b.count else { throw ImageError.truncated(.jpeg) }
                size = (be16(b, at + 7), be16(b, at + 5))
            }
            if marker == 0xDA {
                guard let size else { throw ImageError.badHeader(.jpeg) }
                var i = at + 2 + length
                while i + 1 < b.count {
                    if b[i] == 0xFF, b[i + 1] == 0xD9 { return size }
                    i += 1
                }
                throw ImageError.truncated(.jpeg)
            }
            at += 2 + length
        }
    }

    /// The logical screen's size; the file must end with the trailer (0x3B).
    static func gif(_ b: [UInt8]) throws -> (Int, Int) {
        guard b.count >= 13 else { throw ImageError.truncated(.gif) }
        guard b.last == 0x3B else { throw ImageError.truncated(.gif) }
        return (le16(b, 6), le16(b, 8))
    }

    /// RIFF's declared size must fit in the file; the first chunk (VP8, VP8L or VP8X) has the size.
    static func webp(_ b: [UInt8]) throws -> (Int, Int) {
        guard b.count >= 30 else { throw ImageError.truncated(.webp) }
        guard le32(b, 4) + 8 <= b.count else { throw ImageError.truncated(.webp) }
        let chunk = String(decoding: b[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { throw ImageError.badHeader(.webp) }
            return (le16(b, 26) & 0x3FFF, le16(b, 28) & 0x3FFF)
        case "VP8L":
            guard b[20] == 0x2F else { throw ImageError.badHeader(.webp) }
            let bits = le32(b, 21)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return (le24(b, 24) + 1, le24(b, 27) + 1)
        default:
            throw ImageError.badHeader(.webp)
        }
    }
}
