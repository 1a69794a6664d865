/// An answer the terminal sent to a query the app wrote (`GraphicsQuery`): read from stdin
/// with the keys, but never a key (`KeyDecoder.takeReplies()`).
public enum TerminalReply: Hashable, Sendable {
    /// `ESC _ G i=ID ; OK ESC \` (kitty graphics): `ok` when the message is `OK`.
    case graphics(id: Int?, ok: Bool)
    /// DA1, `CSI ? 62 ; 4 ; 22 c`: the terminal's attributes (4 is sixel).
    case primaryAttributes([Int])
    /// `CSI 6 ; height ; width t`: a cell's size in pixels (the answer to `CSI 16 t`).
    case cellSize(width: Int, height: Int)

    /// The body of a kitty graphics answer (after `ESC _ G`, before `ESC \`): `i=31;OK`.
    static func graphics(body: ArraySlice<UInt8>) -> TerminalReply {
        let text = String(decoding: body, as: UTF8.self)
        let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        var id: Int?
        for pair in (parts.first ?? "").split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2, kv[0] == "i" { id = Int(kv[1]) }
        }
        return .graphics(id: id, ok: parts.count == 2 && parts[1] == "OK")
    }
}
