import Foundation

/// The kitty graphics protocol's messages (https://sw.kovidgoyal.net/kitty/graphics-protocol/):
/// an image sent once under its id, placed at the cursor in a box of cells, its placements
/// deleted when the screen moves. Every message has `q=2`: the terminal answers nothing, so no
/// answer can reach the key decoder.
public enum KittyGraphics {
    /// What is sent: a PNG file as it is (`f=100`, the terminal decodes it) or RGBA pixels (`f=32`).
    public enum Payload: Sendable, Equatable {
        case png([UInt8])
        case rgba(RGBAImage)
    }

    /// Base64 bytes per message: the protocol's limit for one chunk.
    public static let chunkSize = 4096

    /// Stores the image under `id` without showing it (`a=t`), in chunks of 4,096 base64 bytes
    /// (`m=1` on every chunk but the last; the keys only on the first).
    public static func transmit(id: UInt32, _ payload: Payload) -> String {
        let keys: String, bytes: [UInt8]
        switch payload {
        case let .png(data): keys = "a=t,f=100,t=d,i=\(id),q=2"; bytes = data
        case let .rgba(image): keys = "a=t,f=32,t=d,s=\(image.width),v=\(image.height),i=\(id),q=2"; bytes = image.pixels
        }
        let encoded = Array(Data(bytes).base64EncodedString().utf8)
        var out = ""
        var start = 0
        repeat {
            let end = min(encoded.count, start + chunkSize)
            let more = end < encoded.count ? 1 : 0
            out += "\u{1B}_G" + (start == 0 ? keys + ",m=\(more)" : "m=\(more)") + ";"
            out += String(decoding: encoded[start..<end], as: UTF8.self) + "\u{1B}\\"
            start = end
        } while start < encoded.count
        return out
    }

    /// Shows image `id` with its top-left at `row`, `column` (0-based), scaled into `columns` ×
    /// `rows` cells, as placement `placement` (the same image twice on the screen is two
    /// placements); the cursor is put back where it was (`C=1` and DECSC / DECRC).
    public static func place(id: UInt32, placement: Int = 1, row: Int, column: Int, columns: Int, rows: Int) -> String {
        "\u{1B}7\u{1B}[\(row + 1);\(column + 1)H\u{1B}_Ga=p,i=\(id),p=\(placement),c=\(columns),r=\(rows),C=1,q=2\u{1B}\\\u{1B}8"
    }

    /// Removes every placement of the app's images from the screen; the images stay stored.
    public static func deletePlacements(ids: [UInt32]) -> String {
        ids.map { "\u{1B}_Ga=d,d=i,i=\($0),q=2\u{1B}\\" }.joined()
    }

    /// Frees the images themselves (at exit): placements and stored data.
    public static func deleteImages(ids: [UInt32]) -> String {
        ids.map { "\u{1B}_Ga=d,d=I,i=\($0),q=2\u{1B}\\" }.joined()
    }
}
