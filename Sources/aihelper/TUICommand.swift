import Foundation
import ArgumentParser
import App
import MCPClient
import Storage
import Terminal
#if canImport(Glibc)
import Glibc
#endif

struct TUICommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tui", abstract: "Start the full-screen app (the default).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var providerOptions: ProviderOptions

    @Flag(name: .long, help: "Do not capture the mouse (leaves text selection to the terminal).")
    var noMouse = false

    @Option(name: .long, help: ArgumentHelp("The color theme: dark (default), light, solarized-dark, solarized-light, gruvbox, high-contrast, or a file in the themes folder (docs/themes.md).", valueName: "name"))
    var theme: String?

    func run() throws {
        // glibc raises its mmap threshold each time a large block is freed (up to 32 MB); after
        // that the start-up's large temporary arrays come from the heap and stay resident once
        // freed. A fixed threshold keeps them in mappings returned at free (docs/performance.md).
        Malloc.fixMmapThreshold(bytes: 256 * 1024)
        let paths = global.paths
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw fail("the full-screen app needs a terminal. For pipes and scripts use: aihelper ask \"…\"", code: 2)
        }
        // The user's locale variables, before a missing UTF-8 locale is replaced by C.UTF-8:
        // they still say which language the person reads (LANG=zh_CN.UTF-8 without that locale installed).
        let environment = ProcessInfo.processInfo.environment
        if let problem = Locale.ensureUTF8() { throw fail(problem, code: 2) }
        let database: AppDatabase
        do { database = try AppDatabase.open(path: paths.database) } catch {
            throw fail("\(error)", code: 1)
        }
        let (loaded, warning) = AppConfig.load(path: paths.config)
        let config = loaded.resolvingFilesFolder(paths)
        let backend: NcursesBackend
        do { backend = try NcursesBackend(enableMouse: config.mouse && !noMouse) } catch {
            throw fail("\(error)", code: 2)
        }
        let choice = providerOptions.choose(config: config)
        // External MCP servers start in the background; the UI never waits for them.
        let mcp = MCPServerManager(configPath: paths.mcpServers)
        mcp.startAll()
        let agent = AppServices.makeAgent(database: database, config: config, provider: choice.provider, externalTools: mcp)
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        // A provider that cannot be set up leaves the app running offline, saying what to fix.
        let problem = choice.problem.map { "\($0.description) Using the offline assistant." }
        let notice = [problem, warning].compactMap { $0 }.joined(separator: " ")
        let switcher = ProviderSwitcher(config: config, flags: providerOptions.flags, environment: environment,
                                        cacheFolder: paths.cache, paths: paths)
        let app = TUIApp(backend: backend, database: database, agent: agent, noColor: noColor,
                         themes: ThemeCatalog(paths: paths), themeName: ThemeCatalog.chosenName(flag: theme, config: config.theme),
                         startupWarning: notice.isEmpty ? nil : notice, switcher: switcher)
        app.offerFirstRunWizard(flags: providerOptions.flags)
        app.watch(mcp)
        // Sync is wired always, so an account set up while the app runs is picked up: the
        // connection reads nothing until the first frame is out (docs/sync.md, In the TUI).
        app.useSync(SyncConnection(database: database, configPath: paths.config))
        app.run()
        mcp.stopAllBlocking()  // no server outlives the app
    }
}

/// glibc's `mallopt`, looked up at run time: `<malloc.h>` is not in Swift's Glibc module.
enum Malloc {
    static func fixMmapThreshold(bytes: Int32) {
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-3, bytes)  // M_MMAP_THRESHOLD is -3 in <malloc.h>
    }
}

extension Locale {
    /// ncursesw draws wide characters only under a UTF-8 locale. When the user's locale is not
    /// UTF-8, switch this process to C.UTF-8; say what to set when even that is missing.
    static func ensureUTF8() -> String? {
        setlocale(LC_ALL, "")
        if isUTF8 { return nil }
        setenv("LC_ALL", "C.UTF-8", 1)
        if setlocale(LC_ALL, "C.UTF-8") != nil, isUTF8 { return nil }
        return "the terminal's locale is not UTF-8 and C.UTF-8 is not installed. Set a UTF-8 locale, e.g. export LANG=en_US.UTF-8"
    }

    private static var isUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
