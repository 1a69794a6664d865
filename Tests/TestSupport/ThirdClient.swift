import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A client no one here wrote, for the sync tests (issue 21): vdirsyncer pairs a CalDAV/CardDAV
/// server (Radicale on 127.0.0.1) with a vdir folder, which khal (events) and todoman (todos)
/// read and write. Debian's packages (`make test-deps`): vdirsyncer 0.19, khal 0.10, todoman 4.1
/// (its command is `todoman`; 4.1 has no subtasks of its own: they are checked in the .ics files).
///
/// The folder, under `root`:
///
/// ```
/// vdir/calendars/events/*.ics     khal's calendar "events"      ↔ server collection "events"
/// vdir/calendars/tasks/*.ics      todoman's list "tasks"        ↔ server collection "tasks"
/// vdir/contacts/people/*.vcf      address book                  ↔ server collection "people"
/// ```
///
/// What was checked by hand on this machine (Radicale 3.1.8, htpasswd plain, an empty collection
/// root): `discover` (answering yes: the collections are made on the server from the local
/// folders), `khal new 2026-12-01 10:00 11:00 "Dentist from khal"`, `todoman new "Buy milk"`,
/// `sync` (both uploaded), an item PUT on the server, `sync` again, then `todoman --porcelain list`
/// and `khal list 2026-12-01 3d` show it.
public struct ThirdClient {
    public let root: URL
    public var vdir: URL { root.appendingPathComponent("vdir") }
    public var events: URL { vdir.appendingPathComponent("calendars/events") }
    public var tasks: URL { vdir.appendingPathComponent("calendars/tasks") }
    public var people: URL { vdir.appendingPathComponent("contacts/people") }
    var vdirsyncerConfig: URL { root.appendingPathComponent("vdirsyncer.conf") }
    var khalConfig: URL { root.appendingPathComponent("khal.conf") }
    var todomanConfig: URL { root.appendingPathComponent("todoman.py") }

    /// Writes the three tools' configs for the server at `url` (its root, such as
    /// http://127.0.0.1:PORT/) and makes the local folders.
    public init(root: URL, url: String, user: String, password: String) throws {
        self.root = root
        for folder in [events, tasks, people, root.appendingPathComponent("status"), root.appendingPathComponent("xdg")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let r = root.path
        let remote = { (type: String) in "type = \"\(type)\"\nurl = \"\(url)\"\nusername = \"\(user)\"\npassword = \"\(password)\"\n" }
        try """
        [general]
        status_path = "\(r)/status/"

        [pair cal]
        a = "cal_local"
        b = "cal_remote"
        collections = ["from a", "from b"]
        metadata = ["displayname"]

        [storage cal_local]
        type = "filesystem"
        path = "\(r)/vdir/calendars/"
        fileext = ".ics"

        [storage cal_remote]
        \(remote("caldav"))
        [pair card]
        a = "card_local"
        b = "card_remote"
        collections = ["from a", "from b"]

        [storage card_local]
        type = "filesystem"
        path = "\(r)/vdir/contacts/"
        fileext = ".vcf"

        [storage card_remote]
        \(remote("carddav"))
        """.write(to: vdirsyncerConfig, atomically: true, encoding: .utf8)
        try """
        [calendars]
        [[events]]
        path = \(events.path)
        type = calendar

        [locale]
        timeformat = %H:%M
        dateformat = %Y-%m-%d
        longdateformat = %Y-%m-%d
        datetimeformat = %Y-%m-%d %H:%M
        longdatetimeformat = %Y-%m-%d %H:%M
        default_timezone = UTC
        local_timezone = UTC

        [default]
        default_calendar = events
        """.write(to: khalConfig, atomically: true, encoding: .utf8)
        try """
        path = "\(tasks.path)"
        date_format = "%Y-%m-%d"
        time_format = "%H:%M"
        default_list = "tasks"
        humanize = False
        """.write(to: todomanConfig, atomically: true, encoding: .utf8)
    }

    /// `vdirsyncer discover`, answering yes to each "should I create it?" (the server's
    /// collections are made from the local folders, and the other way round).
    public func discover() throws { try run(["vdirsyncer", "-c", vdirsyncerConfig.path, "discover"], stdin: String(repeating: "y\n", count: 20)) }

    /// `vdirsyncer sync`: both ways, every pair.
    public func sync() throws { try run(["vdirsyncer", "-c", vdirsyncerConfig.path, "sync"]) }

    /// `khal new DAY START END TITLE` into "events" (DAY as 2026-12-01, times as 10:00).
    public func khalNew(day: String, start: String, end: String, title: String) throws {
        try run(["khal", "-c", khalConfig.path, "new", day, start, end, title])
    }

    /// `khal list DAY Nd`: the lines khal prints.
    public func khalList(from day: String, days: Int) throws -> String {
        try run(["khal", "-c", khalConfig.path, "list", day, "\(days)d"])
    }

    /// `todoman new TITLE` into "tasks".
    public func todoNew(_ title: String) throws { try run(["todoman", "--config", todomanConfig.path, "new", title]) }

    /// `todoman --porcelain list --status ANY`: each todo's summary and whether it is completed.
    public func todoList() throws -> [(summary: String, completed: Bool)] {
        let text = try run(["todoman", "--config", todomanConfig.path, "--porcelain", "list", "--status", "ANY"])
        let items = (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]) ?? []
        return items.map { ($0["summary"] as? String ?? "", $0["completed"] as? Bool ?? false) }
    }

    /// `todoman done ID` for the todo titled `title`.
    public func todoDone(_ title: String) throws {
        let text = try run(["todoman", "--config", todomanConfig.path, "--porcelain", "list"])
        let items = (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]) ?? []
        guard let id = items.first(where: { $0["summary"] as? String == title })?["id"] as? Int else {
            throw ExternalTool.Failed(description: "todoman lists no open todo “\(title)”")
        }
        try run(["todoman", "--config", todomanConfig.path, "done", String(id)])
    }

    /// Runs a tool with its own XDG folders (khal's and todoman's caches), at most `timeout`
    /// seconds; a non-zero exit throws with what it wrote.
    @discardableResult
    func run(_ arguments: [String], stdin: String = "", timeout: TimeInterval = 60) throws -> String {
        let xdg = root.appendingPathComponent("xdg").path
        return try ExternalTool.run(arguments[0], Array(arguments.dropFirst()),
                                    environment: ["PATH": "/usr/bin:/bin", "HOME": root.path, "LANG": "C.UTF-8", "TZ": "UTC",
                                                  "XDG_DATA_HOME": xdg, "XDG_CACHE_HOME": xdg, "XDG_CONFIG_HOME": xdg],
                                    in: root.path, stdin: stdin, timeout: timeout)
    }
}
