import Foundation
import Core
#if canImport(Glibc)
import Glibc
#endif

/// Every byte the commands write to stdout and stderr goes through here, for two rules:
///
/// - Text that came from outside (a provider, a model, a tool, a file, the database) never
///   reaches a terminal raw: plain text is cleaned by `Sanitizer`, JSON has C1 and bidi
///   controls escaped (`Sanitizer.escapingJSON`); only a writer that cleaned every line itself
///   (the exports: iCalendar, vCard, Markdown, JSON) is written `verbatim`, and an answer
///   drawn as Markdown for a terminal (its text cleaned by the layout) `rendered`.
/// - A reader that went away (`aihelper ask … | head -1`) ends the process quietly, as SIGPIPE
///   does by default. SIGPIPE itself is ignored once MCP servers are started (a server that
///   dies must not kill us), and Foundation's `FileHandle.write` traps on EPIPE, so the writes
///   are `write(2)` calls that check for it.
enum Output {
    /// A line on stdout, cleaned.
    static func line(_ text: String) { write(Sanitizer.clean(text) + "\n", to: STDOUT_FILENO) }

    /// Text on stdout, cleaned, with no newline added (streamed answers).
    static func text(_ text: String) { write(Sanitizer.clean(text), to: STDOUT_FILENO) }

    /// JSON text and a newline on stdout; its strings keep what they hold, escaped.
    static func json(_ text: String) { write(Sanitizer.escapingJSON(text) + "\n", to: STDOUT_FILENO) }

    /// Text whose writer already cleaned or escaped it (an export: the CRLFs of .ics and .vcf must stay).
    static func verbatim(_ text: String) { write(text, to: STDOUT_FILENO) }

    /// An answer drawn for a terminal (`TerminalMarkdown`): its text was cleaned by the
    /// Markdown layout, and its only escapes are the SGR sequences `ANSIStyle` built.
    static func rendered(_ text: String) { if !text.isEmpty { write(text, to: STDOUT_FILENO) } }

    /// A line on stderr, cleaned.
    static func note(_ text: String) { write(Sanitizer.clean(text) + "\n", to: STDERR_FILENO) }

    /// A question on stderr, cleaned, the answer typed after it.
    static func prompt(_ text: String) { write(Sanitizer.clean(text), to: STDERR_FILENO) }

    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var done = 0
            while done < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if written > 0 { done += written; continue }
                if written < 0 && errno == EINTR { continue }
                if written < 0 && errno == EPIPE { readerLeft() }
                return  // another failure (a full disk): nothing more can be said about it
            }
        }
    }

    /// Ends the process as SIGPIPE's default action does (status 141 in a shell, which prints
    /// nothing for it): no trace, and a second instance finds the answer interrupted.
    static func readerLeft() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }
}
