import Foundation

/// Resource and collection names made from UIDs and slugs: characters every server and file
/// system takes, and a hash of the original when something had to be replaced, so two UIDs
/// never meet at one name.
enum DAVNames {
    static func safe(_ text: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.@")
        var name = String(text.prefix(120).map { allowed.contains($0) ? $0 : "_" })
        if name != text || name.hasPrefix(".") || name.isEmpty {
            name = (name.hasPrefix(".") ? "_" + name.dropFirst() : name) + "-" + hash(text)
        }
        return name
    }

    /// FNV-1a 64 of the UTF-8 bytes, in hex: stable across runs and machines.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(value, radix: 16)
    }
}
