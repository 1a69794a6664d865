/// Telling Chinese text apart: a request with Han characters is read, and answered, in Chinese.
extension Character {
    /// A CJK ideograph (汉字), including 〇.
    public var isHan: Bool {
        unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x3007, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: return true
            default: return false
            }
        }
    }
}

extension StringProtocol {
    /// Whether any character is a Han ideograph.
    public var containsHan: Bool { contains { $0.isHan } }
}
