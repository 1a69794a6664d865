import Foundation
import ArgumentParser
import App
import Core
import Storage
import Agent
import Providers
import Terminal
import MCPClient
#if canImport(Glibc)
import Glibc
#endif

struct AskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: "Ask once and stream the answer to stdout (works on pipes).",
        discussion: "With --conversation ID the question continues that stored conversation: its history is the context, it answers with the conversation's provider, model and persona (unless --provider or --model say otherwise, which it then keeps), and the question and answer are added to it. With no text, the question is read from standard input. On a terminal the answer is drawn as Markdown (headings, lists, code, tables) in the configured theme's colors; a pipe or file gets the Markdown source, as do --raw and NO_COLOR. Tool activity goes to stderr. Exit code 1 when the answer fails.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var providerOptions: ProviderOptions

    @Flag(name: .long, help: "Allow destructive tool calls (deleting) without asking.")
    var yes = false

    @Flag(name: .long, help: "Print one JSON object per line for each event (text, tool_call, tool_result, waiting, usage, error, done).")
    var json = false

    @Flag(name: .long, help: "Print the answer's Markdown source as it streams, even on a terminal.")
    var raw = false

    @Option(name: .long, help: ArgumentHelp("Continue this stored conversation (its number in the app's list, #7).", valueName: "id"))
    var conversation: Int64?

    @Option(name: .long, help: ArgumentHelp("Ask with the transcript of this audio file (docs/voice.md); the transcript is printed on stderr first.", valueName: "file"))
    var audio: String?

    @Option(name: .customLong("voice-url"), help: ArgumentHelp("With --audio: transcribe with this server instead of [voice] url.", valueName: "url"))
    var voiceURL: String?

    @Option(name: .customLong("voice-model"), help: ArgumentHelp("With --audio: the transcription model instead of [voice] model.", valueName: "name"))
    var voiceModel: String?

    @Argument(help: "The question or request.")
    var words: [String] = []

    func run() async throws {
        var text = words.joined(separator: " ")
        var dictation: Dictation?
        if let audio {
            guard text.isEmpty else { throw fail("give the question as words or as --audio, not both.", code: 2) }
            let (config, _) = AppConfig.load(path: global.paths.config)
            let heard = try await VoiceRun.transcribe(audio, config: config, url: voiceURL, model: voiceModel, language: nil,
                                                      segments: false, report: json ? AskJSON.print(error:) : { _ in })
            if json { AskJSON.print(transcript: heard.transcript.text) } else { Output.note("Heard: \(heard.transcript.text)") }
            text = heard.transcript.text
            dictation = heard.dictation
        } else if voiceURL != nil || voiceModel != nil {
            throw fail("--voice-url and --voice-model go with --audio FILE.", code: 2)
        }
        if text.isEmpty, audio == nil, isatty(STDIN_FILENO) == 0 {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw fail("nothing to ask. Usage: aihelper ask \"what's on today\"", code: 2) }

        let database: AppDatabase
        do { database = try AppDatabase.open(path: global.paths.database) } catch { throw fail("\(error)", code: 1) }
        _ = try? database.markInterruptedMessages()
        let (loaded, warning) = AppConfig.load(path: global.paths.config)
        var config = loaded.resolvingFilesFolder(global.paths)
        if let warning { Output.note("aihelper: \(warning)") }
        var flags = providerOptions.flags
        var continued: Conversation?
        if let id = conversation {
            guard let stored = try? database.liveConversation(id: id) else {
                throw fail("there is no conversation #\(id). The app's list (Ctrl-O) shows their numbers.", code: 2)
            }
            continued = stored
            // Its own provider, model and persona, unless the flags choose.
            if flags.provider == nil, flags.model == nil { flags = ProviderFlags(provider: stored.provider, model: stored.model) }
            else if flags.provider == nil { flags.provider = stored.provider }
            if let persona = stored.persona { config.persona = persona }
        }
        // Words are paced for someone watching a terminal; a pipe or --json gets them at once.
        let choice = AppServices.chooseProvider(config: config, flags: flags, pacedOffline: isatty(STDOUT_FILENO) == 1 && !json)
        if let problem = choice.problem {
            if json { AskJSON.print(error: problem.description) }
            throw fail(problem.description, code: 1)
        }
        // External MCP servers: given a few seconds to be ready, stopped before we exit.
        let mcp = MCPServerManager(configPath: global.paths.mcpServers)
        mcp.startAll()
        for problem in mcp.problems { Output.note("aihelper: \(problem)") }
        await mcp.waitUntilStarted(limit: Self.mcpStartLimit)
        let agent = AppServices.makeAgent(database: database, config: config, provider: choice.provider, externalTools: mcp)
        let emit = json ? AskJSON.print : AskMarkdown.make(raw: raw, config: config, paths: global.paths)?.print ?? AskOutput.print
        let message: Message
        do { message = try await answer(text, dictation: dictation, agent: agent, database: database, continuing: continued, emit: emit) } catch {
            await mcp.stopAll()
            throw error
        }
        await mcp.stopAll()
        if message.status != .complete {
            throw fail(message.errorText ?? "the answer failed.", code: 1)
        }
    }

    /// How long `ask` waits for MCP servers still starting before it asks the model; a server
    /// not ready by then is left out of this answer (Python servers need 0.6–2.5 s).
    static let mcpStartLimit: Duration = .seconds(10)

    private func answer(_ text: String, dictation: Dictation?, agent: Agent, database: AppDatabase, continuing: Conversation?,
                        emit: @escaping @Sendable (AgentEvent) -> Void) async throws -> Message {
        let conversation: Conversation
        if let continuing {
            conversation = continuing
            if continuing.provider != agent.provider.id || continuing.model != agent.model {
                try database.setConversationModel(id: continuing.id!, provider: agent.provider.id, model: agent.model)
            }
        } else {
            conversation = try database.createConversation(title: ConversationTitle.heuristic(text), provider: agent.provider.id, model: agent.model)
        }
        let turn = try agent.startTurn(conversationId: conversation.id!, userText: text, dictation: dictation)
        let allow = yes
        let message = await agent.run(turn, approve: { call, _ in
            AskOutput.confirm("Allow \(call.name)(\(call.arguments))?", allowAll: allow)
        }, emit: emit)
        return message
    }
}

/// How `ask` prints the source (a pipe, a file, `--raw`): the answer on stdout, tool steps on
/// stderr, never raw control sequences. On a terminal `AskMarkdown` draws the answer.
enum AskOutput {
    @Sendable static func print(_ event: AgentEvent) {
        switch event {
        case .textDelta(_, let text):
            Output.text(text)
        case .step(let step) where step.status != .running && step.kind == .toolCall:
            Output.note("[\(step.status.rawValue)] \(step.title) \(step.detail)")
        case .finished(let message) where !message.content.isEmpty:
            Output.verbatim("\n")  // ends the streamed answer; a failure before any text prints nothing on stdout
        default: break
        }
    }

    /// Destructive calls: allowed by --yes, asked on the terminal, refused on a pipe.
    static func confirm(_ question: String, allowAll: Bool) -> Bool {
        if allowAll { return true }
        guard isatty(STDIN_FILENO) == 1 else {
            Output.note("\(question) refused: run with --yes to allow destructive tools.")
            return false
        }
        Output.prompt("\(question) [y/N] ")
        let answer = readLine()?.lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}
