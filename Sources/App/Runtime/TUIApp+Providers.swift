import Foundation
import Core
import Storage
import Agent
import Providers

/// `/provider`, `/model` and `/keys`: the runtime side (pickers filled, agent swapped, checks run).
extension TUIApp {
    func openProviderPicker() {
        guard let switcher else { return noSwitching() }
        state[overlay: Picker.self] = Picker(purpose: .provider, title: tr.notices.providerTitle, items: switcher.providerItems(), current: agent.provider.id,
                              selected: 0, status: tr.notices.providerStatus)
        if let i = state[overlay: Picker.self]?.visible.firstIndex(where: { $0.id == agent.provider.id }) { state[overlay: Picker.self]?.selected = i }
    }

    /// Shows the catalog at once, then the live list (cached for a day) when it arrives.
    func openModelPicker() {
        guard let switcher else { return noSwitching() }
        guard let kind = ProviderKind(name: agent.provider.id), kind != .offline else {
            state.notice = Notice(text: tr.notices.offlineOneModel, kind: .info, expires: nil)
            return
        }
        let words = tr.notices
        state[overlay: Picker.self] = Picker(purpose: .model, title: words.modelTitle(kind.displayName), items: ProviderSwitcher.catalogItems(kind, words: words),
                              current: agent.model, status: tr.notices.loadingLiveList)
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
            state.notice = Notice(text: problem.description, kind: .error, expires: nil)
            return
        }
        self.switcher = switcher
        agent = AppServices.makeAgent(database: database, config: switcher.config, provider: choice.provider,
                                      externalTools: agent.externalTools)
        state.providerName = agent.provider.displayName
        state.modelName = agent.model
        state.connectivity = Connectivity.initial(providerId: agent.provider.id)
        state.notice = Notice(text: tr.notices.nowAnswering(agent.provider.displayName, agent.model), kind: .info,
                              expires: state.clock.addingTimeInterval(10))
    }

    func checkKey() {
        guard let switcher else { return noSwitching() }
        guard let kind = ProviderKind(name: agent.provider.id), kind != .offline else {
            state.notice = Notice(text: tr.notices.offlineNeedsNoKey, kind: .info, expires: state.clock.addingTimeInterval(10))
            return
        }
        let settings: ProviderSettings
        do { settings = try ProviderChecks.settings(kind, config: switcher.config, environment: switcher.environment) } catch {
            state.notice = Notice(text: "\(error)", kind: .error, expires: nil)
            return
        }
        state.notice = Notice(text: tr.notices.checkingKey(kind.displayName), kind: .info, expires: nil)
        let mailbox = self.mailbox
        Task.detached {
            let answer = KeyValidation(await ProviderChecks.checkKey(settings), kind)
            mailbox.post(.keyChecked(answer.text, ok: answer.isValid))
        }
    }

    func reloadUsage() {
        guard let id = state.chat.conversation?.id else { state.usage = nil; return }
        state.usage = try? database.usageTotals(conversationId: id)
    }

    private func noSwitching() {
        state.notice = Notice(text: tr.notices.switchingUnavailable, kind: .info, expires: nil)
    }
}
