import Foundation
import Synchronization
import App
import Agent
#if canImport(Glibc)
import Glibc
#endif

/// How `ask` prints on a terminal: the answer drawn as Markdown (docs/markdown.md, In
/// `aihelper ask`), each top-level block once it is finished and the rest when the answer
/// ends; tool steps on stderr as `AskOutput` writes them.
final class AskMarkdown: Sendable {
    private let answer: Mutex<StreamedMarkdown>

    private init(_ markdown: TerminalMarkdown) { answer = Mutex(StreamedMarkdown(markdown)) }

    /// The printer for this run, or nil when the source is written instead (a pipe, a file,
    /// `--raw`, `NO_COLOR`, a dumb terminal, `render_markdown = false`); a theme that does not
    /// load is said on stderr.
    static func make(raw: Bool, config: AppConfig, paths: AppPaths) -> AskMarkdown? {
        let environment = ProcessInfo.processInfo.environment
        guard config.renderMarkdown,
              TerminalMarkdown.applies(toTerminal: isatty(STDOUT_FILENO) == 1, raw: raw, environment: environment) else { return nil }
        Strings.use(Language.choose(setting: config.language, environment: environment))  // the layout's words, e.g. [image: …]
        let (markdown, warning) = TerminalMarkdown.make(
            themeName: ThemeCatalog.chosenName(flag: nil, config: config.theme), themes: ThemeCatalog(paths: paths),
            depth: TerminalMarkdown.colorDepth(environment: environment), width: width(environment))
        if let warning { Output.note("aihelper: \(warning)") }
        return AskMarkdown(markdown)
    }

    /// The terminal's columns: the tty's size, else `COLUMNS`, else 80.
    private static func width(_ environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    @Sendable func print(_ event: AgentEvent) {
        switch event {
        case .textDelta(_, let text):
            Output.rendered(answer.withLock { $0.append(text) })
        case .finished:
            Output.rendered(answer.withLock { $0.finish() })
        default:
            AskOutput.print(event)
        }
    }
}
