import Foundation
import Core
import Storage
import Agent
import Providers

/// `/provider`, `/model`, `/persona` and `/keys`: the runtime side (pickers filled, agent swapped,
/// checks run). Each conversation answers with its own provider, model and persona (stored with
/// it); a new one with the settings' (docs/conversations.md, Each conversation's model).
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

    /// Builds the new provider for the open conversation (stored with it); on failure the
    /// current one stays and the notice says what to fix.
    func switchProvider(provider: String?, model: String?) {
        guard var switcher else { return noSwitching() }
        let choice = switcher.choose(provider: provider, model: model)
        if let problem = choice.problem {
            return show(Notice(text: problem.description, kind: .error, expires: nil))
        }
        self.switcher = switcher
        rebuildAgent(choice.provider, config: switcher.config)
        storeConversationModel()
        show(Notice(text: tr.notices.nowAnswering(agent.provider.displayName, agent.model), kind: .info,
                    expires: state.clock.addingTimeInterval(10)))
    }

    /// A conversation opened (nil: a new one): the agent answers with its provider, model and
    /// persona. A provider that cannot be set up here leaves the agent as it was, says why and
    /// opens the provider picker; the choice made there is stored with the conversation.
    func answerWith(_ conversation: Conversation?) {
        guard var switcher else { return }
        let choice = switcher.choose(for: conversation)
        if let problem = choice.problem, let conversation, let provider = conversation.provider {
            show(Notice(text: tr.conversationModel.providerUnavailable(provider, conversation.model ?? "", problem.message),
                        kind: .error, expires: nil))
            return openProviderPicker()
        }
        self.switcher = switcher
        rebuildAgent(choice.provider, config: switcher.config)
    }

    /// The agent with `provider` and the open conversation's persona (else the settings').
    func rebuildAgent(_ provider: any ChatProvider, config: AppConfig) {
        var config = config
        if let persona = state.chat.persona { config.persona = persona }
        agent = AppServices.makeAgent(database: database, config: config, provider: provider, externalTools: agent.externalTools)
        apply(.providerChanged(providerId: agent.provider.id, name: agent.provider.displayName, model: agent.model))
    }

    /// The open conversation answers with the agent's provider and model from now on (a
    /// conversation not stored yet takes them when its first message creates it).
    func storeConversationModel() {
        guard let id = state.chat.conversation?.id else { return }
        do { try database.setConversationModel(id: id, provider: agent.provider.id, model: agent.model) } catch {
            show(Notice(text: tr.notices.couldNotChangeConversation("\(error)"), kind: .error, expires: nil))
        }
    }

    /// `/persona`: `custom` is the settings' custom text; stored with the open conversation.
    func setPersona(_ name: String?) {
        guard let switcher else { return noSwitching() }
        var persona = name
        if name == Persona.custom.rawValue {
            guard let text = switcher.config.persona, Persona.of(text) == .custom else {
                return show(Notice(text: tr.conversationModel.noCustomPersona, kind: .error, expires: nil))
            }
            persona = text
        }
        if let id = state.chat.conversation?.id {
            do { try database.setConversationPersona(id: id, persona: persona) } catch {
                return show(Notice(text: tr.notices.couldNotChangeConversation("\(error)"), kind: .error, expires: nil))
            }
        }
        apply(.personaChanged(persona))
        rebuildAgent(agent.provider, config: switcher.config)
        let words = tr.conversationModel
        let shown = tr.settings.persona(Persona.of(persona ?? switcher.config.persona))
        show(Notice(text: persona == nil ? words.personaDefault(shown) : words.personaNow(shown), kind: .info,
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
