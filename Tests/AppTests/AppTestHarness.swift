import Foundation
import Core
import Storage
import Agent
import Providers
import Tools
import Terminal
import TestSupport
@testable import App

/// The App as the runtime tests drive it: a real temporary database, the Offline assistant
/// with no word delay (answers at once, the same each time) and the built-in tools, and
/// `TUIApp` drawing into a `MemoryBackend`.
///
/// A file of AppTests rather than of TestSupport: it needs App's internals (`@testable`),
/// which a regular target cannot import in a release build, and TestSupport is also built
/// for Bench in release and used by test targets that know nothing of the App.
final class AppTestHarness {
    let database: AppDatabase
    let backend: MemoryBackend
    let app: TUIApp

    /// `database`: another harness's, as a second run of the app on the same file.
    init(width: Int = 100, height: Int = 30, colorDepth: ColorDepth = .trueColor, noColor: Bool = false,
         themeName: String? = nil, switcher: ProviderSwitcher? = nil, database: AppDatabase? = nil) throws {
        self.database = try database ?? AppDatabase.temporary()
        backend = MemoryBackend(size: Size(width: width, height: height), colorDepth: colorDepth)
        let agent = Agent(provider: OfflineProvider(wordDelay: .zero), tools: ToolRegistry.builtIn(), database: self.database)
        app = TUIApp(backend: backend, database: self.database, agent: agent, noColor: noColor, themeName: themeName, switcher: switcher)
    }

    /// Carries out `effect` as the loop does: a turn it started is waited for (20 s at most),
    /// then the events posted meanwhile are handled (the turn's end among them). The turn's answer, nil when none started.
    @discardableResult
    func perform(_ effect: Effect) async throws -> Message? {
        app.perform(effect)
        var answer: Message?
        if let task = app.turns.task {
            answer = try await withDeadline(20) { await task.value }
        }
        app.settle()  // with the turn's `.finished`, which ends it
        if case .conversation(.search) = effect { settleSearch() }
        return answer
    }

    /// Handles what the mailbox gets until the search picker has its answer (10 s at most):
    /// searches run off the loop (`SearchRunner`).
    func settleSearch() {
        let deadline = Date().addingTimeInterval(10)
        repeat {
            app.handle(app.mailbox.drain())
            guard app.state[overlay: Picker.self]?.search.searching == true else { return }
            usleep(1_000)
        } while Date() < deadline
    }

    /// Presses the keys through `update` (with the view the last frame left) and carries out
    /// what each asks (`perform`).
    func press(_ keys: Key...) async throws {
        for key in keys {
            for effect in update(&app.state, .key(key), view: app.view) { try await perform(effect) }
        }
    }

    /// The frame the app draws now, as text.
    func screen() -> String {
        app.render()
        return app.canvas.text()
    }
}

extension TUIApp {
    /// Handles what was posted, after the queries running off the loop (a filter, the whole
    /// conversation list) answered; an answer may ask for another, so a few rounds.
    func settle() {
        for _ in 0..<3 {
            queries.waitUntilIdle()
            handle(mailbox.drain())
        }
    }
}

/// A whole frame drawn from `state` on a fresh canvas, in the dark theme unless told, from the
/// scroll positions in `view` (nothing drawn before, unless given).
func screenCanvas(_ state: AppState, view: ViewState = ViewState(), theme: Theme = .dark) -> Canvas {
    var view = view
    return screenCanvas(state, view: &view, renderer: Renderer(theme: theme))
}

/// The same, keeping the scroll positions drawing worked out in `view`; with a `renderer`
/// that remembers earlier frames, as the app's does.
func screenCanvas(_ state: AppState, view: inout ViewState, renderer: Renderer = Renderer(theme: .dark)) -> Canvas {
    var canvas = Canvas(size: state.size)
    renderer.render(state, view: &view, into: &canvas)
    return canvas
}

/// The text of a whole frame drawn from `state` in the dark theme.
func screenText(_ state: AppState) -> String { screenCanvas(state).text() }

extension TUIApp {
    /// Handles what the mailbox gets, as the loop does, until `condition` holds (`seconds` at most).
    @discardableResult
    func pumpMailbox(seconds: TimeInterval = 10, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            handle(mailbox.drain())
            if condition() { return true }
            usleep(2_000)
        } while Date() < deadline
        return condition()
    }
}
