import Foundation
import Terminal

/// What is drawn over the panes. `AppState.overlays` holds them bottom to top: the renderer
/// draws them in that order and the top one takes the keys (`handleOverlayKey`), so what the
/// user sees on top is what answers a key.
enum Overlay {
    /// `/provider`, `/model`, `/theme`, the conversation list, search, a code block, the palette (Ctrl-P).
    case picker(Picker)
    /// A task or todo form (add, edit, go to a date, filter).
    case form(Form)
    /// A question with lettered answers (delete? this one, this and future, or all?).
    case choice(Choice)
    case help(HelpView)
    /// `t` / Ctrl-T: the timeline view of one answer.
    case timeline(TimelineViewState)
    /// Reminders that fired and wait to be dismissed or snoozed.
    case alerts(AlertBox)
    /// The settings screen (F2); F3 opens the servers view over it.
    case settings(SettingsScreen)
    /// The servers view (`/mcp`).
    case mcpView(MCPView)
    /// The sync view (`/sync`).
    case syncView(SyncView)
    /// The first-run wizard.
    case onboarding(Onboarding)
    /// The Contacts or Notes view (Alt-C, Alt-N).
    case records(RecordsView)

    var content: any OverlayContent {
        switch self {
        case .picker(let c): return c
        case .form(let c): return c
        case .choice(let c): return c
        case .help(let c): return c
        case .timeline(let c): return c
        case .alerts(let c): return c
        case .settings(let c): return c
        case .mcpView(let c): return c
        case .syncView(let c): return c
        case .onboarding(let c): return c
        case .records(let c): return c
        }
    }
}

/// The state of one kind of overlay; each kind is one case of `Overlay`.
protocol OverlayContent {
    var overlay: Overlay { get }
}

extension Picker: OverlayContent { var overlay: Overlay { .picker(self) } }
extension Form: OverlayContent { var overlay: Overlay { .form(self) } }
extension Choice: OverlayContent { var overlay: Overlay { .choice(self) } }
extension HelpView: OverlayContent { var overlay: Overlay { .help(self) } }
extension TimelineViewState: OverlayContent { var overlay: Overlay { .timeline(self) } }
extension AlertBox: OverlayContent { var overlay: Overlay { .alerts(self) } }
extension SettingsScreen: OverlayContent { var overlay: Overlay { .settings(self) } }
extension MCPView: OverlayContent { var overlay: Overlay { .mcpView(self) } }
extension SyncView: OverlayContent { var overlay: Overlay { .syncView(self) } }
extension Onboarding: OverlayContent { var overlay: Overlay { .onboarding(self) } }
extension RecordsView: OverlayContent { var overlay: Overlay { .records(self) } }

extension AppState {
    /// The overlay of one kind (the topmost, though there is never more than one of a kind).
    /// Setting it changes it where it is in the stack; one that is not there yet opens on top;
    /// nil closes it. `state[overlay: Form.self] = form` opens a form over everything drawn.
    subscript<Content: OverlayContent>(overlay kind: Content.Type) -> Content? {
        get {
            for overlay in overlays.reversed() { if let content = overlay.content as? Content { return content } }
            return nil
        }
        set {
            let index = overlays.lastIndex { $0.content is Content }
            switch (index, newValue) {
            case (let i?, let value?): overlays[i] = value.overlay
            case (let i?, nil): overlays.remove(at: i)
            case (nil, let value?): overlays.append(value.overlay)
            case (nil, nil): break
            }
        }
    }

    /// Reminders that fired go on top, after those still waiting in the box (which moves up
    /// with them): an alert is always seen, and it is what the next key answers.
    mutating func showAlerts(_ fired: [TaskAlert]) {
        guard !fired.isEmpty else { return }
        let waiting = self[overlay: AlertBox.self]?.alerts ?? []
        self[overlay: AlertBox.self] = nil
        overlays.append(.alerts(AlertBox(alerts: waiting + fired)))
    }
}
