import Foundation
import Core
import Storage
import Agent
import Terminal
import MCPClient
import Providers
#if canImport(Glibc)
import Glibc
#endif

/// The full-screen app: one loop on the main thread owns the state; everything else posts events.
public final class TUIApp {
    let backend: TerminalBackend
    let database: AppDatabase
    var agent: Agent
    /// Changes provider and model at run time; nil where that is not offered (tests, benchmarks).
    var switcher: ProviderSwitcher?
    /// The external MCP servers (`watch`); none in tests and benchmarks without them.
    let mcp: MCPBinding
    let mailbox = Mailbox()
    /// The agent's turns: their task, approvals and frame barrier.
    let turns: TurnController
    /// The search picker's queries, off the loop.
    let searches: SearchRunner
    let renderer: Renderer
    /// Where `/theme` finds themes, and the colors the terminal shows (`.none`: NO_COLOR).
    let themes: ThemeCatalog
    let colorDepth: ColorDepth
    let inputDescriptor: Int32
    var state: AppState
    /// How the last frame showed `state` (scroll positions, sizes): the renderer writes it,
    /// `update` reads it.
    var view = ViewState()
    var decoder = KeyDecoder()
    var canvas: Canvas
    /// The database's change counters when the panes were last loaded.
    var lastCounters: ChangeCounters?
    let taskLoader: TaskPaneLoader
    let series: SeriesStore
    /// The conversation list and the filters typed in it and in Tasks, answered off the loop.
    let queries: OffLoopQueries
    /// Sync runs off the loop (TUIApp+Sync.swift).
    let syncRunner: SyncRunner
    /// The reminders coming, and what fired.
    let reminders: AlertScheduler
    /// Push-to-talk's recorder and the recording kept for r (TUIApp+Voice.swift).
    let recorder = VoiceRecorder()
    /// The transcription under way (Esc cancels it).
    var transcription: Task<Void, Never>?
    /// `[voice]` of config.toml (the recorder, the server); none without a switcher (tests).
    /// The settings screen's test uses the values typed there instead (`voiceTestSettings`).
    var voiceSettings: VoiceSettings {
        state.voice.test ? voiceTestSettings ?? VoiceSettings() : switcher?.config.voice ?? VoiceSettings()
    }
    var voiceTestSettings: VoiceSettings?
    /// `notifications` in config.toml: whether a reminder also rings and goes to the desktop.
    var notifications = AlertNotifications.all
    /// The graphics query's answers being awaited, until `graphicsDeadline` (TUIApp+Previews).
    var detection: GraphicsDetection?
    var graphicsDeadline: ContinuousClock.Instant?
    /// Places image previews after each frame; only for a terminal that answered the query.
    var painter: PreviewPainter?
    /// Sends a notification (summary, body) to the desktop; tests put a recorder here.
    var notifyDesktop: ((summary: String, body: String)) -> Void = DesktopNotification.send

    private let clock = ContinuousClock()
    private var lastRender: ContinuousClock.Instant
    private var lastInput: ContinuousClock.Instant
    private var nextTick: ContinuousClock.Instant
    private var dirty = true

    static let frameInterval = Duration.milliseconds(16)
    /// While an answer streams, text alone redraws at most 30 times a second: each frame
    /// rewrites the whole scrolling chat pane, which was half the app's CPU at 1,000 tokens a
    /// second at 60 (docs/performance.md). Keys and the end of the answer still draw at once.
    static let streamingFrameInterval = Duration.milliseconds(33)
    private var frameInterval: Duration { state.chat.isStreaming ? Self.streamingFrameInterval : Self.frameInterval }
    static let escapeDelay = Duration.milliseconds(25)

    /// `themeName` nil is the default theme; a theme that does not load adds its warning to `startupWarning`.
    public init(backend: TerminalBackend, database: AppDatabase, agent: Agent, noColor: Bool = false,
                themes: ThemeCatalog = ThemeCatalog(userFolder: nil), themeName: String? = nil,
                startupWarning: String? = nil, switcher: ProviderSwitcher? = nil, inputDescriptor: Int32 = STDIN_FILENO) {
        self.backend = backend
        self.database = database
        let mailbox = self.mailbox
        self.turns = TurnController(mailbox: mailbox)
        self.searches = SearchRunner(database: database, mailbox: mailbox)
        self.series = SeriesStore(database: database, ready: { mailbox.post(.tasksDataReady) })
        self.taskLoader = TaskPaneLoader(database: database, series: series)
        self.reminders = AlertScheduler(database: database, series: series, mailbox: mailbox)
        self.mcp = MCPBinding(mailbox: mailbox)
        self.syncRunner = SyncRunner(database: database, mailbox: mailbox)
        queries = OffLoopQueries(mailbox: mailbox)
        self.agent = agent
        self.switcher = switcher
        self.inputDescriptor = inputDescriptor
        self.themes = themes
        colorDepth = noColor ? .none : backend.colorDepth
        let (theme, themeWarning) = themeName.map(themes.loadOrDefault) ?? (Theme.dark, nil)
        self.renderer = Renderer(theme: theme.adapted(to: colorDepth))
        let size = backend.size
        self.canvas = Canvas(width: size.width, height: size.height)
        // The state is built here, before the loop; from then on only `update` changes it.
        var initial = AppState(size: size, today: .today(), providerName: agent.provider.displayName, modelName: agent.model,
                               timeZone: .current, clock: Date())
        let now = ContinuousClock.now
        lastRender = now - .seconds(1)
        lastInput = now
        nextTick = now
        if let config = switcher?.config {
            initial.keyBindings = config.keyBindings
            initial.renderMarkdown = config.renderMarkdown
            notifications = config.notifications
            initial.notifyAfterSeconds = config.notifyAfterSeconds
            initial.voice.sendAtOnce = config.voice.sendAtOnce
            initial.voice.maxSeconds = config.voice.maxSeconds
            Language.apply(setting: config.language, environment: switcher?.environment ?? [:])
        }
        let warnings = [startupWarning, themeWarning, backend.terminalFallback.map(Self.terminalNotice)].compactMap { $0 }
        if !warnings.isEmpty { initial.notice = Notice(text: warnings.joined(separator: " "), kind: .error, expires: Date().addingTimeInterval(20)) }
        self.state = initial
    }

    /// What the status bar says about a TERM replaced at start; the name as given is cleaned
    /// and cut, since it is not a valid name when it is a path or carries control characters.
    static func terminalNotice(_ fallback: TerminalFallback) -> String {
        guard !fallback.asked.isEmpty else { return tr.notices.terminalUnset(fallback.used) }
        let cleaned = Sanitizer.clean(fallback.asked)
        let asked = cleaned.count > 40 ? cleaned.prefix(39) + "…" : cleaned
        return TerminalType.isValidName(fallback.asked) ? tr.notices.terminalUnknown(asked, fallback.used)
                                                        : tr.notices.terminalNotAName(asked, fallback.used)
    }

    /// Loads the last conversation and the panes' data, then runs until the user quits.
    public func run() {
        Signals.install()
        series.hold()
        startUp()
        render()
        series.release()
        // Not needed for the first frame: read once it is out (100,000 lines: docs/performance.md).
        loadInputHistory()
        startSync()
        startGraphicsDetection(setting: switcher?.config.imagePreview ?? .off, environment: ProcessInfo.processInfo.environment)
        while !state.shouldQuit {
            waitForInput()
            handle(collectEvents())
            if dirty && clock.now - lastRender >= frameInterval { render() }
        }
        shutDown()
    }

    // MARK: the loop

    private var nextDeadline: ContinuousClock.Instant {
        var deadline = nextTick
        if decoder.hasPendingEscape { deadline = min(deadline, lastInput + Self.escapeDelay) }
        if dirty { deadline = min(deadline, lastRender + frameInterval) }
        if let stop = recorder.deadline { deadline = min(deadline, stop) }
        return deadline
    }

    private func waitForInput() {
        let wait = max(.zero, nextDeadline - clock.now)
        // Rounded up: a wait under a millisecond truncated to 0 made poll spin until the deadline.
        let micros = wait.components.seconds * 1_000_000 + Int64(wait.components.attoseconds / 1_000_000_000_000)
        let ms = Int32(min(1000, (micros + 999) / 1000))
        // While a frame is already due, posted events (a token each, 1,000 a second) wait for it
        // in the mailbox instead of waking the loop one by one; keys and signals still wake it.
        let frameDue = dirty && clock.now - lastRender < frameInterval
        var fds = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: mailbox.readDescriptor, events: frameDue ? 0 : Int16(POLLIN), revents: 0),
                   pollfd(fd: mailbox.urgentDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: Signals.readDescriptor, events: Int16(POLLIN), revents: 0)]
        // A recording's pipes, read like stdin: whatever is there, never waiting for more.
        let voice = recorder.descriptors
        fds += voice.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&fds, nfds_t(fds.count), ms)
        if fds[0].revents & Int16(POLLIN) != 0 { readInput() }
        else if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { pendingEvents.append(.quitRequested) }
        for (i, fd) in voice.enumerated() where fds[4 + i].revents != 0 { pendingEvents += recorder.read(fd).map(Event.voice) }
    }

    /// SIGWINCH: the new size, and a cell's new pixels when previews are sized by them (Cmd-+ in
    /// kitty or Ghostty changes the font, and so how many rows a preview takes).
    func resized() -> [Event] {
        let size = backend.updateSize()
        painter?.forget(on: backend)
        canvas = Canvas(width: size.width, height: size.height)
        var events: [Event] = [.resize(size)]
        if let previews = state.imagePreviews, let cell = backend.cellPixelSize, cell != previews.cell {
            events.append(.cellPixelsChanged(cell))
        }
        return events
    }

    private var pendingEvents: [Event] = []
    private var hadKey = false

    func readInput() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = read(inputDescriptor, &buffer, buffer.count)
        if n == 0 { pendingEvents.append(.quitRequested); return }  // the terminal went away
        guard n > 0 else { return }
        lastInput = clock.now
        let keys = decoder.feed(Array(buffer[0..<n]))
        if !keys.isEmpty { hadKey = true }
        pendingEvents += keys.map(Event.key)
        takeTerminalReplies(decoder.takeReplies())
    }

    private func collectEvents() -> [Event] {
        var events = pendingEvents
        pendingEvents = []
        if decoder.hasPendingEscape, clock.now - lastInput >= Self.escapeDelay {
            events += decoder.flushPending().map(Event.key)
            hadKey = true
        }
        for sig in Signals.drain() {
            if sig == SIGWINCH {
                events += resized()
            } else {
                events.append(.quitRequested)
            }
        }
        events += mailbox.drain()
        events += recorder.checkDeadline(clock.now).map(Event.voice)
        if clock.now >= nextTick {
            // 100 ms while something counts on the screen (an answer, a question, a recording's time).
            let busy = state.chat.isStreaming || state.pendingApproval != nil || state.voice.isBusy
            nextTick = clock.now + (busy ? .milliseconds(100) : .seconds(1))
            events.append(.tick(Date()))
            refresh()  // another instance's writes
            alertsDue = true
            graphicsWaitEnded()
        }
        return events
    }

    /// The tick came: reminders whose time came fire once the batch's events are handled.
    var alertsDue = false

    func handle(_ events: [Event]) {
        var drawNow = false, endOfModelCall = false
        let before = hadKey && state.chat.isStreaming ? ScreenOutsideInput(state) : nil
        // The time of the batch: `update` reads it from the state, never from the system clock.
        _ = update(&state, .clock(Date()))
        for event in events {
            dirty = true
            if case .agent(let turn, let agentEvent) = event {
                if agentEvent.drawsAtOnce { drawNow = true }
                if case .modelCallEnded = agentEvent { endOfModelCall = true }
                if case .finished = agentEvent { turnEnded(turn) }
            }
            handleNow(event)
        }
        // After the batch's keys (they were typed at what was on the screen) and drawn at once:
        // an alert box takes only the keys that come once it shows.
        if alertsDue {
            alertsDue = false
            if fireDueAlerts() { dirty = true; drawNow = true }
        }
        // A keystroke is drawn at once: typing must never wait for the frame timer. So is the
        // end of a model call: its last words must not wait either. While an answer streams, a
        // key that changed only the input redraws only the input; the answer keeps its frames.
        if drawNow && dirty {
            render()
            if endOfModelCall { turns.modelCallDrawn() }
        } else if hadKey && dirty {
            if let before, state.chat.isStreaming, before == ScreenOutsideInput(state), renderer.renderInput(state, into: &canvas) {
                backend.present(canvas)
            } else {
                render()
            }
        }
        hadKey = false
    }

    /// One event through `update`, and the effects it asks for carried out, before anything else.
    func handleNow(_ event: Event) {
        for effect in update(&state, event, view: view) { perform(effect) }
    }

    /// What an effect's I/O found, applied by `update` at once: in the same pass of the loop as
    /// the effect, so before the frame that shows it (a result costs no frame of latency).
    func apply(_ result: ResultEvent) {
        dirty = true
        handleNow(.result(result))
    }

    func render() {
        renderer.render(state, view: &view, into: &canvas)
        backend.present(canvas)
        painter?.paint(view.chat.previews, on: backend)
        lastRender = clock.now
        dirty = false
    }

    /// Loads what the first frame shows. Of a large todo list only its head: the whole list is
    /// read when the user comes to the Todos pane (`update`'s `wholeTodoList`) or the todos change.
    private func startUp() {
        if let cut = try? database.markInterruptedMessages(), cut > 0 {
            apply(.noticed(Notice(text: tr.notices.cutOff(cut), kind: .info, expires: Date().addingTimeInterval(15))))
        }
        // What an earlier session deleted (a crash skipped the purge at exit) goes for good.
        _ = try? database.purgeTrash()
        // `--provider` / `--model` choose for the conversation reopened too.
        let flagsChose = switcher.map { $0.defaults.provider != nil || $0.defaults.model != nil } ?? true
        if let conversation = try? database.latestConversation() { openConversation(conversation, keepModel: flagsChose) }
        reloadTasks()
        if !loadTodoHead() { reloadTodos() }
        // Alerts are worked out at the first tick, after the first frame.
        lastCounters = try? database.changeCounters()
    }

    private func shutDown() {
        // Let the agent mark the answer interrupted before the process ends (bounded).
        turns.stop()
        _ = recorder.cancel()
        transcription?.cancel()
        syncRunner.stop()
        // Conversations deleted this session can no longer be brought back: delete them for good.
        _ = try? database.purgeTrash()
        painter?.release(on: backend)
        backend.shutdown()
    }
}
