import Foundation
import ArgumentParser
import App

@main
struct AIHelperCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aihelper",
        abstract: "A full-screen terminal AI assistant: chat, tasks calendar and todo tree.",
        discussion: """
        Run with no subcommand for the full-screen app. Works offline out of the box with the \
        built-in assistant. Files: ~/.config/aihelper/config.toml, ~/.local/share/aihelper/aihelper.sqlite \
        (AIHELPER_HOME puts everything in one folder).
        """,
        version: AppInfo.version,
        subcommands: [TUICommand.self, AskCommand.self, TasksCommand.self, TodosCommand.self, AddCommand.self, DoneCommand.self,
                      ContactsCommand.self, NotesCommand.self, NoteCommand.self, SearchCommand.self,
                      ImportCommand.self, ExportCommand.self, ReviewCommand.self,
                      KeysCommand.self, ModelsCommand.self, UsageCommand.self, MCPCommand.self, TranscribeCommand.self, SyncCommand.self],
        defaultSubcommand: TUICommand.self)
}

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Use this database file.", valueName: "path"))
    var db: String?

    @Option(name: .long, help: ArgumentHelp("Use this config file.", valueName: "path"))
    var config: String?

    var paths: AppPaths { AppPaths(databaseOverride: db, configOverride: config) }
}

/// Prints a message for a person on stderr (cleaned: it may quote a provider or a file) and
/// leaves with `code`.
func fail(_ message: String, code: Int32) -> ExitCode {
    Output.note("aihelper: " + message)
    return ExitCode(code)
}
