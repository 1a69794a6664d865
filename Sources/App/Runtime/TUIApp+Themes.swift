import Foundation
import Terminal

/// `/theme`: the runtime side. The settings screen will call `switchTheme` too.
extension TUIApp {
    func openThemePicker() {
        let items = themes.names.map { Picker.Item(id: $0, label: $0, detail: $0 == renderer.theme.name ? tr.notices.themeInUse : "") }
        var picker = Picker(purpose: .theme, title: tr.notices.themeTitle, items: items, current: renderer.theme.name,
                            status: tr.notices.themeStatus)
        if let i = items.firstIndex(where: { $0.id == renderer.theme.name }) { picker.selected = i }
        apply(.pickerOpened(picker))
    }

    /// Draws everything in the theme called `name` from the next frame on. A theme that
    /// does not load leaves the current one, and the notice says why.
    func switchTheme(_ name: String) {
        let theme: Theme
        switch themes.load(name) {
        case .success(let loaded): theme = loaded
        case .failure(let problem):
            return show(Notice(text: problem.text(instead: tr.notices.keepingTheme(renderer.theme.name)), kind: .error, expires: nil))
        }
        renderer.theme = theme.adapted(to: colorDepth)  // the renderer draws the next frame whole
        show(Notice(text: tr.notices.themeSwitched(name) + (colorDepth == .none ? tr.notices.noColor : ""),
                    kind: .info, expires: state.clock.addingTimeInterval(10)))
    }
}
