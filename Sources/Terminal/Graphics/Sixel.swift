/// Sixel (DEC's bitmap graphics, in xterm, foot, WezTerm, mlterm, …): the image drawn into the
/// cells at the cursor, six pixel rows per band. Colors come from a fixed palette, a 6×6×6
/// cube and 16 greys, each pixel taking the nearest (no dithering: small and correct over fancy);
/// a pixel under half opaque is left out, so the background shows (`P2 = 1`).
public enum Sixel {
    /// 216 cube colors, then 16 greys.
    public static let paletteSize = 232

    /// The palette entry nearest to a color.
    static func paletteIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        func level(_ v: UInt8) -> Int { (Int(v) * 5 + 127) / 255 }
        let (lr, lg, lb) = (level(r), level(g), level(b))
        let cube = lr * 36 + lg * 6 + lb
        let grey = min(15, (Int(r) + Int(g) + Int(b)) / 3 * 16 / 256)
        func distance(_ c: (Int, Int, Int)) -> Int {
            let dr = c.0 - Int(r), dg = c.1 - Int(g), db = c.2 - Int(b)
            return dr * dr + dg * dg + db * db
        }
        return distance(color(of: cube)) <= distance(color(of: 216 + grey)) ? cube : 216 + grey
    }

    /// An entry's color, 0–255 per channel.
    static func color(of index: Int) -> (Int, Int, Int) {
        if index >= 216 { let v = (index - 216) * 255 / 15; return (v, v, v) }
        return (index / 36 * 51, index / 6 % 6 * 51, index % 6 * 51)
    }

    /// The whole image as one sixel sequence (DCS … ST), drawn from the cursor.
    public static func encode(_ image: RGBAImage) -> String {
        let w = image.width, h = image.height
        var indices = [Int16](repeating: -1, count: w * h)
        var used = [Bool](repeating: false, count: paletteSize)
        image.pixels.withUnsafeBufferPointer { p in
            for i in 0..<(w * h) where p[i * 4 + 3] >= 128 {
                let index = paletteIndex(p[i * 4], p[i * 4 + 1], p[i * 4 + 2])
                indices[i] = Int16(index)
                used[index] = true
            }
        }
        var out = "\u{1B}P0;1;0q\"1;1;\(w);\(h)"
        for index in 0..<paletteSize where used[index] {
            let (r, g, b) = color(of: index)
            out += "#\(index);2;\(r * 100 / 255);\(g * 100 / 255);\(b * 100 / 255)"
        }
        var bits = [UInt8](repeating: 0, count: w)
        for top in stride(from: 0, to: h, by: 6) {
            var inBand: [Int] = []
            var seen = Set<Int16>()
            for y in top..<min(h, top + 6) {
                for x in 0..<w where indices[y * w + x] >= 0 && seen.insert(indices[y * w + x]).inserted {
                    inBand.append(Int(indices[y * w + x]))
                }
            }
            for (n, index) in inBand.sorted().enumerated() {
                for x in 0..<w {
                    var v: UInt8 = 0
                    for dy in 0..<min(6, h - top) where indices[(top + dy) * w + x] == index { v |= 1 << dy }
                    bits[x] = v
                }
                out += (n > 0 ? "$" : "") + "#\(index)" + runs(bits)
            }
            out += "-"
        }
        return out + "\u{1B}\\"
    }

    /// One color's row of sixels, repeats of four or more as `!count` (DECGRI).
    static func runs(_ bits: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < bits.count {
            var j = i + 1
            while j < bits.count, bits[j] == bits[i] { j += 1 }
            let c = String(UnicodeScalar(63 + bits[i]))
            out += j - i >= 4 ? "!\(j - i)\(c)" : String(repeating: c, count: j - i)
            i = j
        }
        return out
    }
}
