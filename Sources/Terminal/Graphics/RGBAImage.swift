import CImage

/// An image as 8-bit RGBA pixels, row by row: what sixel encodes, and what kitty gets for
/// anything but a small PNG. Decoded by stb_image (PNG, JPEG, GIF's first frame) or libwebp.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public enum DecodeError: Error, Equatable {
        /// Not a PNG, JPEG, GIF or WebP this can read (or WebP without libwebp).
        case unreadable(String)
        /// Over `maxPixels`: refused from the header alone, before decoding (a decompression bomb).
        case tooLarge(width: Int, height: Int)
    }

    /// 40 megapixels: a large photo. Decoding more would take ~160 MB for one small preview.
    public static let maxPixels = 40_000_000

    /// The image's size from its header, without decoding it.
    public static func size(of data: [UInt8]) -> Size? {
        var w: Int32 = 0, h: Int32 = 0
        let known = data.withUnsafeBufferPointer { aih_image_info($0.baseAddress, $0.count, &w, &h) }
        return known == 1 && w > 0 && h > 0 ? Size(width: Int(w), height: Int(h)) : nil
    }

    /// Decodes `data`, checking its size first. Slow for a large photo: never on the loop's thread.
    public static func decode(_ data: [UInt8], maxPixels: Int = maxPixels) throws -> RGBAImage {
        try decoded(data, maxPixels: maxPixels) { pixels, width, height in
            RGBAImage(width: width, height: height, pixels: Array(pixels))
        }
    }

    /// Decodes `data` and shrinks it to at most `width` × `height` straight from the decoder's
    /// buffer: a 40-megapixel photo is held once (160 MB) for a preview of a few hundred pixels,
    /// not copied first.
    public static func decode(_ data: [UInt8], fittingIn width: Int, _ height: Int, maxPixels: Int = maxPixels) throws -> RGBAImage {
        try decoded(data, maxPixels: maxPixels) { pixels, w, h in
            let nw = max(1, min(width, w)), nh = max(1, min(height, h))
            return RGBAImage(width: nw, height: nh, pixels: scale(pixels, width: w, height: h, to: nw, nh))
        }
    }

    /// The decoder's pixels, while they live (freed after `body`).
    private static func decoded(_ data: [UInt8], maxPixels: Int,
                                _ body: (UnsafeBufferPointer<UInt8>, Int, Int) -> RGBAImage) throws -> RGBAImage {
        guard let size = size(of: data) else { throw DecodeError.unreadable("not a PNG, JPEG, GIF or WebP image") }
        guard size.width * size.height <= maxPixels else { throw DecodeError.tooLarge(width: size.width, height: size.height) }
        var w: Int32 = 0, h: Int32 = 0
        var problem: UnsafePointer<CChar>?
        let decoded = data.withUnsafeBufferPointer { aih_image_decode($0.baseAddress, $0.count, &w, &h, &problem) }
        guard let decoded else { throw DecodeError.unreadable(problem.map { String(cString: $0) } ?? "unreadable") }
        defer { aih_image_free(decoded) }
        // The header may have lied (stb checks again while decoding, but the size is the one decoded).
        guard Int(w) * Int(h) <= maxPixels, w > 0, h > 0 else { throw DecodeError.tooLarge(width: Int(w), height: Int(h)) }
        return body(UnsafeBufferPointer(start: decoded, count: Int(w) * Int(h) * 4), Int(w), Int(h))
    }

    /// Shrunk to `width` × `height` by averaging the pixels each new one covers (a box
    /// filter); the same image when no smaller.
    public func scaled(width newWidth: Int, height newHeight: Int) -> RGBAImage {
        let nw = max(1, min(newWidth, width)), nh = max(1, min(newHeight, height))
        if nw == width && nh == height { return self }
        return RGBAImage(width: nw, height: nh, pixels: pixels.withUnsafeBufferPointer { Self.scale($0, width: width, height: height, to: nw, nh) })
    }

    /// `pixels` (`width` × `height`) shrunk to `nw` × `nh` (no larger) by a box filter.
    private static func scale(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, to nw: Int, _ nh: Int) -> [UInt8] {
        if nw == width && nh == height { return Array(pixels) }
        var out = [UInt8](repeating: 0, count: nw * nh * 4)
        for y in 0..<nh {
            let y0 = y * height / nh, y1 = max(y0 + 1, (y + 1) * height / nh)
            for x in 0..<nw {
                let x0 = x * width / nw, x1 = max(x0 + 1, (x + 1) * width / nw)
                var sum = (0, 0, 0, 0)
                for sy in y0..<y1 {
                    var i = (sy * width + x0) * 4
                    for _ in x0..<x1 {
                        sum.0 += Int(pixels[i]); sum.1 += Int(pixels[i + 1]); sum.2 += Int(pixels[i + 2]); sum.3 += Int(pixels[i + 3])
                        i += 4
                    }
                }
                let n = (y1 - y0) * (x1 - x0), o = (y * nw + x) * 4
                out[o] = UInt8(sum.0 / n); out[o + 1] = UInt8(sum.1 / n); out[o + 2] = UInt8(sum.2 / n); out[o + 3] = UInt8(sum.3 / n)
            }
        }
        return out
    }
}

/// The box a preview takes, in cells and pixels: at most `maxColumns` × `maxRows` cells,
/// the image's aspect kept, never larger than the image itself.
public struct PreviewBox: Hashable, Sendable {
    public let columns: Int
    public let rows: Int
    /// The pixels the image is scaled to (within columns × rows cells).
    public let pixelWidth: Int
    public let pixelHeight: Int

    public static let maxColumns = 32
    public static let maxRows = 8

    public init(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// The box for an image of `image` pixels, with cells of `cell` pixels, in at most `maxColumns` columns.
    public static func fitting(_ image: Size, cell: Size, maxColumns: Int = maxColumns) -> PreviewBox {
        let cw = max(1, cell.width), ch = max(1, cell.height)
        let iw = max(1, image.width), ih = max(1, image.height)
        let limitW = max(1, min(maxColumns, Self.maxColumns)) * cw, limitH = Self.maxRows * ch
        // The largest scale ≤ 1 that fits both limits.
        let scale = min(1.0, Double(limitW) / Double(iw), Double(limitH) / Double(ih))
        let pw = max(1, Int((Double(iw) * scale).rounded(.down))), ph = max(1, Int((Double(ih) * scale).rounded(.down)))
        return PreviewBox(columns: (pw + cw - 1) / cw, rows: (ph + ch - 1) / ch, pixelWidth: pw, pixelHeight: ph)
    }
}
