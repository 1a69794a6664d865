import Foundation
import Core
import Storage
import Agent
import Providers

/// `/provider`, `/model` and `/keys`: the runtime side (pickers filled, agent swapped, checks run).
extension TUIApp {
    func openProviderPicker() {
        guard let switcher else { return noSwitching() }
        var picker = Picker(purpose: .provider, title: tr.notices.providerTitle, items: switcher.providerItems(), current: agent.provider.id,
                            selected: 0, status: tr.notices.providerStatus)
        if let i = picker.visible.firstIndex(where: { $0.id == agent.provider.id }) { picker.selected = i }
        apply(.pickerOpened(picker))
    }

    /// Shows the catalog at once, then the live list (cached for a day) when it arrives.
    func openModelPicker() {
        guard let switcher else { return noSwitching() }
        guard let kind = ProviderKind(name: agent.provider.id), kind != .offline else {
            return show(Notice(text: tr.notices.offlineOneModel, kind: .info, expires: nil))
        }
        let words = tr.notices
        apply(.pickerOpened(Picker(purpose: .model, title: words.modelTitle(kind.displayName),
                                   items: ProviderSwitcher.catalogItems(kind, words: words), current: agent.model, status: tr.notices.loadingLiveList)))
        guard let settings = try? ProviderChecks.settings(kind, config: switcher.config, environment: switcher.environment) else { return }
        let mailbox = self.mailbox, folder = switcher.cacheFolder
        Task.detached {
            let (ids, source, problem) = await ProviderChecks.models(settings, cacheFolder: folder)
            let status: String
            switch source {
            case .live: status = words.modelsLive(ids.count)
            case .cache: status = words.modelsCached(ids.count)
            case .catalog: status = words.builtInList(problem.map(\.message))
            }
            let items = source == .catalog ? ProviderSwitcher.catalogItems(kind, words: words) : ProviderSwitcher.modelItems(ids, kind: kind, words: words)
            mailbox.post(.modelsListed(items, status: status))
        }
    }

    /// Builds the new provider; on failure the current one stays and the notice says what to fix.
    func switchProvider(provider: String?, model: String?) {
        guard var switcher else { return noSwitching() }
        let choice = switcher.choose(provider: provider, model: model)
        if let problem = choice.problem {
            return show(Notice(text: problem.description, kind: .error, expires: nil))
        }
        self.switcher = switcher
        agent = AppServices.makeAgent(database: database, config: switcher.config, provider: choice.provider,
                                      externalTools: agent.externalTools)
        apply(.providerChanged(providerId: agent.provider.id, name: agent.provider.displayName, model: agent.model))
        show(Notice(text: tr.notices.nowAnswering(agent.provider.displayName, agent.model), kind: .info,
                    expires: state.clock.addingTimeInterval(10)))
    }

    func checkKey() {
        guard let switcher else { return noSwitching() }
        guard let kind = ProviderKind(name: agent.provider.id), kind != .offline else {
            return show(Notice(text: tr.notices.offlineNeedsNoKey, kind: .info, expires: state.clock.addingTimeInterval(10)))
        }
        let settings: ProviderSettings
        do { settings = try ProviderChecks.settings(kind, config: switcher.config, environment: switcher.environment) } catch {
            return show(Notice(text: "\(error)", kind: .error, expires: nil))
        }
        show(Notice(text: tr.notices.checkingKey(kind.displayName), kind: .info, expires: nil))
        let mailbox = self.mailbox
        Task.detached {
            let answer = KeyValidation(await ProviderChecks.checkKey(settings), kind)
            mailbox.post(.keyChecked(answer.text, ok: answer.isValid))
        }
    }

    private func noSwitching() {
        show(Notice(text: tr.notices.switchingUnavailable, kind: .info, expires: nil))
    }
}
