import XCTest
import Storage
import Sync
@testable import App

/// `SyncService` and `SyncSetup` over backends the test gives: which collection each kind gets,
/// what is made, the messages and exit codes of `aihelper sync`.
final class SyncServiceTests: XCTestCase {
    /// A collection that holds nothing; enough to see which ones the service handed the engine.
    struct Empty: SyncCollection {
        var kind: SyncKind
        var identity: String
        func changes(since token: String?) async throws -> RemoteChanges { RemoteChanges(changed: [], deleted: [], token: nil, complete: true) }
        func fetch(_ hrefs: [String]) async throws -> [RemoteResource] { [] }
        func create(uid: String, data: Data) async throws -> RemoteEntry { RemoteEntry(href: uid, etag: "1") }
        func update(href: String, data: Data, etag: String) async throws -> String { etag }
        func delete(href: String, etag: String) async throws {}
    }

    final class Made: @unchecked Sendable { var names: [String] = []; var handed: [String] = [] }

    static let server = [
        FoundCollection(url: "http://h/ann/personal/", displayName: "Personal", kinds: [.tasks, .todos]),
        FoundCollection(url: "http://h/ann/work/", displayName: "Work", kinds: [.tasks]),
        FoundCollection(url: "http://h/ann/contacts/", displayName: "Contacts", kinds: [.contacts]),
    ]

    func backends(found: [FoundCollection] = server, discoverError: SyncError? = nil, made: Made = Made(),
                  report: @escaping @Sendable (String) -> SyncReport = { SyncReport(account: $0, startedAt: Date(), finishedAt: Date()) }) -> SyncBackends {
        SyncBackends(
            discover: { _ in if let discoverError { throw discoverError }; return found },
            create: { _, kind, name in made.names.append(name); return FoundCollection(url: "http://h/ann/\(name)/", displayName: name, kinds: [kind]) },
            davCollection: { _, c, kind in Empty(kind: kind, identity: c.url) },
            vdirCollection: { folder, kind in Empty(kind: kind, identity: folder) },
            run: { _, account, _, collections in made.handed = collections.map { "\($0.kind.rawValue)=\($0.identity)" }; return report(account) },
            lastRun: { _, _ in nil }, openConflicts: { _, _ in 0 }, pendingChanges: { _, _ in 0 })
    }

    func database() throws -> AppDatabase {
        try AppDatabase.open(path: FileManager.default.temporaryDirectory.appendingPathComponent("sync-\(UUID().uuidString).sqlite").path)
    }

    func account(_ collections: [SyncKind: String]) -> SyncAccount {
        var a = SyncAccount(name: "cloud", kind: .caldav)
        a.url = "http://h/"; a.user = "ann"; a.collections = collections
        return a
    }

    func testCollectionsAreMatchedByNameOrURLAndKind() async throws {
        let made = Made()
        var settings = SyncSettings(); settings.passwords = ["cloud": "pw"]
        let service = SyncService(backends: backends(made: made))
        let outcome = await service.run(account([.tasks: "work", .todos: "http://h/ann/personal", .contacts: " contacts "]),
                                        settings: settings, database: try database())
        XCTAssertNil(outcome.failure)
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(made.handed, ["tasks=http://h/ann/work/", "todos=http://h/ann/personal/", "contacts=http://h/ann/contacts/"])
        XCTAssertNil(SyncService.match("Contacts", kind: .tasks, in: Self.server), "an address book is no calendar")
    }

    func testAMissingCollectionOrPasswordIsASetupMistakeAndAFailedServerAFailure() async throws {
        var settings = SyncSettings(); settings.passwords = ["cloud": "pw"]
        let db = try database()
        var outcome = await SyncService(backends: backends()).run(account([.tasks: "Holidays"]), settings: settings, database: db)
        XCTAssertEqual(outcome.exitCode, 2)
        XCTAssertEqual(outcome.failure, "Sync account 'cloud': the server has no calendar “Holidays” (tasks = …). It has: “Personal”, “Work”. Write one of them, or its URL.")
        outcome = await SyncService(backends: backends()).run(account([.tasks: "Work"]), settings: SyncSettings(), database: db)
        XCTAssertEqual(outcome.exitCode, 2)
        XCTAssertTrue(outcome.failure?.contains("has no password") == true)
        let refused = SyncError.unauthorized("http://h/ refused user ann (HTTP 401): check the user name and password")
        outcome = await SyncService(backends: backends(discoverError: refused)).run(account([.tasks: "Work"]), settings: settings, database: db)
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertEqual(outcome.failure, "Sync account 'cloud': wrong user or password (http://h/ refused user ann (HTTP 401): check the user name and password). "
                       + "Store the right password with `aihelper sync setup --name cloud --url URL --user NAME` (it reads the password from standard input). "
                       + "iCloud and Fastmail need an app password, not the account's own.")
        XCTAssertFalse(outcome.failure!.contains("pw"))
        outcome = await SyncService(backends: backends(discoverError: .unreachable("connection refused"))).run(account([.tasks: "Work"]), settings: settings, database: db)
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertTrue(outcome.failure?.contains("could not reach the server (connection refused). Changes made here wait for the next run.") == true)
        outcome = await SyncService(backends: backends(discoverError: .redirectRefused("redirected to evil.example"))).run(account([.tasks: "Work"]), settings: settings, database: db)
        XCTAssertTrue(outcome.failure?.contains("add it to allow_redirect_hosts") == true)
    }

    func testProblemsOrConflictsEndWithThree() async throws {
        var settings = SyncSettings(); settings.passwords = ["cloud": "pw"]
        let withConflict = backends(report: { var counts = SyncKindCounts(); counts.conflicts = 1
            return SyncReport(account: $0, startedAt: Date(), finishedAt: Date(), byKind: [.tasks: counts]) })
        let outcome = await SyncService(backends: withConflict).run(account([.tasks: "Work"]), settings: settings, database: try database())
        XCTAssertEqual(outcome.exitCode, 3)
        let skipped = backends(report: { SyncReport(account: $0, startedAt: Date(), finishedAt: Date(),
                                                    problems: [SyncProblem(href: "/cal/bad.ics", message: "not iCalendar")]) })
        let went = await SyncService(backends: skipped).run(account([.tasks: "Work"]), settings: settings, database: try database())
        XCTAssertEqual(went.exitCode, 3, "an item skipped: the run went on")
        let cut = backends(report: { SyncReport(account: $0, startedAt: Date(), finishedAt: Date(),
                                                problems: [SyncProblem(href: nil, message: "could not reach the server")]) })
        let stopped = await SyncService(backends: cut).run(account([.tasks: "Work"]), settings: settings, database: try database())
        XCTAssertEqual(stopped.exitCode, 1, "the server went away during the run: failed")
    }

    func testVdirFoldersMustExist() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("vdir-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        var vdir = SyncAccount(name: "khal", kind: .vdir)
        vdir.path = "~/cal"; vdir.collections = [.tasks: "personal", .contacts: home + "/people"]
        let service = SyncService(backends: backends(), home: home)
        do { _ = try await service.collections(for: vdir, password: nil); XCTFail("no folders yet") } catch {
            XCTAssertTrue("\(error)".contains("the folder \(home)/cal/personal (tasks) does not exist"), "\(error)")
        }
        let notes = try SyncSetup(backends: backends(), home: home).prepareVdir(&vdir, wanted: vdir.collections)
        XCTAssertEqual(notes, ["tasks ↔ \(home)/cal/personal (made)", "contacts ↔ \(home)/people (made)"])
        let collections = try await service.collections(for: vdir, password: nil)
        XCTAssertEqual(collections.map(\.identity), [home + "/cal/personal", home + "/people"])
    }

    /// Setup without names takes a free collection per kind, makes what is missing with
    /// --create only, and refuses a named one that is missing unless --create.
    func testSetupChoosesAndMakes() async throws {
        let made = Made()
        let setup = SyncSetup(backends: backends(made: made))
        let access = DAVAccess(url: "http://h/", user: "ann", password: "pw")
        var a = account([:])
        let notes = try await setup.chooseDAV(&a, access: access, found: [Self.server[0]], wanted: [:], create: false)
        XCTAssertEqual(a.collections, [.tasks: "Personal"], "todos would share Personal: left out rather than mixed")
        XCTAssertEqual(notes, ["tasks ↔ “Personal” (http://h/ann/personal/)", "no task list for todos (add --create to make one)",
                               "no address book for contacts (add --create to make one)"])
        _ = try await setup.chooseDAV(&a, access: access, found: [Self.server[0]], wanted: [:], create: true)
        XCTAssertEqual(a.collections, [.tasks: "Personal", .todos: "Tasks", .contacts: "Contacts"])
        XCTAssertEqual(made.names, ["Tasks", "Contacts"])
        do { _ = try await setup.chooseDAV(&a, access: access, found: Self.server, wanted: [.todos: "Chores"], create: false); XCTFail() } catch {
            XCTAssertTrue("\(error)".hasSuffix("Or add --create to make it."), "\(error)")
        }
        _ = try await setup.chooseDAV(&a, access: access, found: Self.server, wanted: [.todos: "Chores"], create: true)
        XCTAssertEqual(a.collections, [.todos: "Chores"])
        XCTAssertEqual(SyncSetup.defaultAccountName(url: "https://caldav.fastmail.com/"), "caldav-fastmail-com")
        // A server that says each calendar holds events and to-dos (xandikos ignores the
        // component set of MKCALENDAR), listing the task list first: the names decide.
        let both = [FoundCollection(url: "http://h/ann/tasks/", displayName: "Tasks", kinds: [.tasks, .todos]),
                    FoundCollection(url: "http://h/ann/calendar/", displayName: "Calendar", kinds: [.tasks, .todos])]
        _ = try await setup.chooseDAV(&a, access: access, found: both, wanted: [:], create: false)
        XCTAssertEqual(a.collections, [.tasks: "Calendar", .todos: "Tasks"])
        // One that holds only to-dos is the task list whatever its name; Personal holds the events.
        let nextcloud = [FoundCollection(url: "http://h/ann/personal/", displayName: "Personal", kinds: [.tasks, .todos]),
                         FoundCollection(url: "http://h/ann/chores/", displayName: "Chores", kinds: [.todos])]
        _ = try await setup.chooseDAV(&a, access: access, found: nextcloud.reversed(), wanted: [:], create: false)
        XCTAssertEqual(a.collections, [.tasks: "Personal", .todos: "Chores"])
        // A name with escape or bidi characters is not written into config.toml: the URL is.
        let evil = FoundCollection(url: "http://h/ann/evil/", displayName: "Evil\u{9B}31m \u{202E}txt", kinds: [.tasks])
        XCTAssertEqual(SyncSetup.setting(for: evil, kind: .tasks, among: [evil]), "http://h/ann/evil/")
    }
}
