import Foundation
import Core

/// Whether the active provider can be reached, from what the turns report: a streamed token or
/// a finished answer → online; a retry wait → retrying; "Could not reach" or a timeout → offline.
/// The Offline assistant needs no network and says so.
enum Connectivity: Equatable {
    case offlineAssistant
    /// Nothing asked yet since the provider was chosen.
    case unknown
    case online, offline, retrying

    static func initial(providerId: String) -> Connectivity { providerId == "offline" ? .offlineAssistant : .unknown }

    /// The status bar's words; nil when nothing is known yet.
    var label: String? {
        switch self {
        case .offlineAssistant: return tr.chrome.offlineAssistant
        case .unknown: return nil
        case .online: return tr.chrome.online
        case .offline: return tr.chrome.offline
        case .retrying: return tr.chrome.retrying
        }
    }

    /// The state after a turn's answer ended as `message`.
    func after(_ message: Message) -> Connectivity {
        guard self != .offlineAssistant, message.provider != "offline" else { return self }
        switch message.status {
        case .complete: return .online
        case .error, .interrupted:
            guard let text = message.errorText else { return self }
            if text.contains("Could not reach") || text.contains("did not answer in time") || text.contains("sent nothing for") { return .offline }
            return text.contains("Cancelled") ? (self == .retrying ? .unknown : self) : .online
        case .streaming: return self
        }
    }
}
