import Foundation
import Providers

/// The slash-command popup's lists and the command palette: the runtime side (what the
/// switcher, the theme catalog, the MCP servers and the file system know).
extension TUIApp {
    func listCompletions(_ source: CompletionSource) {
        switch source {
        case .providers:
            let items = switcher?.providerItems().map { Picker.Item(id: $0.id, label: $0.label, detail: $0.detail) } ?? []
            apply(.completionsListed(source, items))
        case .themes:
            apply(.completionsListed(source, themes.names.map { Picker.Item(id: $0, label: $0, detail: $0 == renderer.theme.name ? tr.notices.themeInUse : "") }))
        case .models:
            listCompletionModels()
        case .mcpServers:
            apply(.completionsListed(source, mcp.servers.map { server in
                Picker.Item(id: server.name, label: server.name, detail: "\(server.resources.count) ↗",
                            keywords: server.resources.map(\.name).joined(separator: "\n"))
            }))
        case .files(let folder):
            apply(.completionsListed(source, Self.fileItems(folder)))
        case .personas:
            break  // listed by the popup itself
        }
    }

    /// The catalog at once, then the live list (cached for a day), as the model picker does.
    private func listCompletionModels() {
        guard let switcher, let kind = ProviderKind(name: agent.provider.id), kind != .offline else {
            return apply(.completionsListed(.models, [Picker.Item(id: agent.model, label: agent.model, detail: "")]))
        }
        let words = tr.notices
        apply(.completionsListed(.models, ProviderSwitcher.catalogItems(kind, words: words)))
        guard let settings = try? ProviderChecks.settings(kind, config: switcher.config, environment: switcher.environment) else { return }
        let mailbox = self.mailbox, folder = switcher.cacheFolder
        Task.detached {
            let (ids, source, _) = await ProviderChecks.models(settings, cacheFolder: folder)
            guard source != .catalog else { return }
            mailbox.post(.result(.completionsListed(.models, ProviderSwitcher.modelItems(ids, kind: kind, words: words))))
        }
    }

    /// A folder's entries as typed (relative to the working folder; `~/` is home), folders
    /// ending in "/", sorted; at most 2,000.
    static func fileItems(_ folder: String) -> [Picker.Item] {
        let expanded = HomePath.expand(folder)
        let path = expanded.isEmpty ? FileManager.default.currentDirectoryPath : expanded
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return names.sorted().prefix(2000).map { name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(name), isDirectory: &isFolder)
            let id = isFolder.boolValue ? name + "/" : name
            return Picker.Item(id: id, label: id, detail: "")
        }
    }

    func openPalette() {
        let recent = (try? ConversationItems.list(database.conversationSummaries(limit: 50), now: Date(), timeZone: state.timeZone)) ?? []
        apply(.pickerOpened(CommandPalette.picker(state, conversations: recent)))
    }
}
