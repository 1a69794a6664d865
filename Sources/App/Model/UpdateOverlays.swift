import Foundation
import Terminal

// The top overlay takes the key (docs/architecture.md, Overlays).

/// The top overlay takes every key, except two it lets through (nil): Ctrl-Q, which quits from
/// any overlay but the help (where it closes the help), and, over the timeline view, the keys of
/// an approval question (the status bar, which the view leaves visible, asks it).
func handleOverlayKey(_ state: inout AppState, _ top: Overlay, _ key: Key, _ view: ViewState = ViewState()) -> [Effect]? {
    switch top {
    case .help: return handleHelpKey(&state, key)
    case _ where key == .ctrl("q"): return nil
    case .picker: return handlePickerKey(&state, key, view)
    case .form: return handleFormKey(&state, key)
    case .choice: return handleChoiceKey(&state, key)
    case .timeline:
        guard state.pendingApproval == nil else { return nil }
        handleTimelineKey(&state, key)
        return []
    case .alerts: return handleAlertKey(&state, key)
    case .settings: return handleSettingsKey(&state, key)
    case .mcpView: return handleMCPViewKey(&state, key)
    case .syncView: return handleSyncViewKey(&state, key)
    case .onboarding: return handleOnboardingKey(&state, key)
    case .records: return handleRecordsKey(&state, key)
    }
}
