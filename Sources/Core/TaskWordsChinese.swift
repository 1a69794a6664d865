import Foundation

/// Categories and priorities are stored in English (files and the assistant share them) and shown
/// in Simplified Chinese by the app's catalog and the Offline assistant's replies alike.
extension TaskCategory {
    /// The Chinese name of a stored category; nil for one that is not a known category.
    public static func chineseName(_ stored: String) -> String? {
        TaskCategory(rawValue: stored).map(\.chineseName)
    }

    public var chineseName: String {
        switch self {
        case .work: return "工作"
        case .personal: return "个人"
        case .health: return "健康"
        case .shopping: return "购物"
        case .home: return "家务"
        case .study: return "学习"
        case .social: return "社交"
        case .other: return "其他"
        }
    }
}

extension Priority {
    public var chineseName: String {
        switch self {
        case .high: return "高"
        case .medium: return "中"
        case .low: return "低"
        case .none: return "无"
        }
    }
}
