import Foundation
import Core
import Sync

/// What `aihelper sync setup` decides, with or without questions: which collection each kind of
/// item syncs with, made when asked and missing (docs/sync.md, Setting up).
public struct SyncSetup: Sendable {
    public var backends: SyncBackends
    public var home: String

    public init(backends: SyncBackends = .live, home: String = NSHomeDirectory()) {
        self.backends = backends; self.home = home
    }

    /// The name a collection made for `kind` gets when none was named.
    public static func defaultName(_ kind: SyncKind) -> String {
        switch kind {
        case .tasks: return "Calendar"
        case .todos: return "Tasks"
        case .contacts: return "Contacts"
        }
    }

    /// "calendar", "task list", "address book".
    public static func noun(_ kind: SyncKind) -> String {
        switch kind {
        case .tasks: return "calendar"
        case .todos: return "task list"
        case .contacts: return "address book"
        }
    }

    /// A name for an account at `url` (its host, as letters, digits and -), or "vdir".
    public static func defaultAccountName(url: String?) -> String {
        guard let url, let host = URL(string: url.contains("://") ? url : "https://" + url)?.host, !host.isEmpty else { return "vdir" }
        let name = String(host.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }.prefix(64))
        return SyncAccount.isValidName(name) ? name : "dav"
    }

    /// Sets the account's collections from `wanted` (a display name or URL per kind): each
    /// named one must exist, or is made when `create`. With nothing named, each kind takes the
    /// collection `pick` prefers among those that hold it and no other kind took; a kind with
    /// none is made when `create`, else left out. Returns a line per kind saying what was chosen.
    public func chooseDAV(_ account: inout SyncAccount, access: DAVAccess, found: [FoundCollection],
                          wanted: [SyncKind: String], create: Bool) async throws -> [String] {
        var found = found
        var notes: [String] = []
        account.collections = [:]
        var taken = Set<String>()
        for kind in SyncKind.allCases {
            if !wanted.isEmpty, wanted[kind] == nil { continue }
            let chosen: FoundCollection?
            if let name = wanted[kind] {
                if let match = SyncService.match(name, kind: kind, in: found) { chosen = match }
                else if create {
                    chosen = try await backends.create(access, kind, name)
                    notes.append("made the \(Self.noun(kind)) “\(name)”")
                } else {
                    throw SyncSetupError(SyncService.notFound(name, kind: kind, account: account.name, found: found)
                                         + " Or add --create to make it.")
                }
            } else if let best = Self.pick(kind, in: found, taken: taken) {
                chosen = best
            } else if create {
                chosen = try await backends.create(access, kind, Self.defaultName(kind))
                notes.append("made the \(Self.noun(kind)) “\(Self.defaultName(kind))”")
            } else {
                notes.append("no \(Self.noun(kind)) for \(kind.rawValue) (add --create to make one)")
                chosen = nil
            }
            guard let chosen else { continue }
            if !found.contains(chosen) { found.append(chosen) }
            taken.insert(chosen.url)
            account.collections[kind] = wanted[kind] ?? Self.setting(for: chosen, kind: kind, among: found)
            notes.append("\(kind.rawValue) ↔ “\(chosen.displayName)” (\(chosen.url))")
        }
        guard !account.collections.isEmpty else {
            throw SyncSetupError("The server has no calendar, task list or address book for this user. Add --create to make them.")
        }
        return notes
    }

    /// The collection for `kind` when none was named, among those that hold it and no other kind
    /// took: one that holds only that kind first; then, since some servers say every calendar
    /// holds events and to-dos (xandikos, Nextcloud's "Personal"), one whose name says it is a
    /// task list for todos and one whose name does not for tasks; then the server's order.
    static func pick(_ kind: SyncKind, in found: [FoundCollection], taken: Set<String>) -> FoundCollection? {
        func rank(_ c: FoundCollection) -> Int {
            let only = c.kinds == [kind] ? 2 : 0
            guard kind != .contacts else { return only }
            return only + ((kind == .todos) == namesATaskList(c.displayName) ? 1 : 0)
        }
        // max(by:) keeps the first of equals: the server's order breaks ties.
        return found.filter { $0.kinds.contains(kind) && !taken.contains($0.url) }.max { rank($0) < rank($1) }
    }

    /// "Tasks", "To-dos", "Reminders", "Aufgaben", "任务"…: what task-list apps call their lists.
    static func namesATaskList(_ name: String) -> Bool {
        let folded = name.lowercased()
        return ["task", "todo", "to-do", "to do", "reminder", "aufgabe", "tâche", "tarea", "任务", "待办", "提醒"].contains { folded.contains($0) }
    }

    /// What config.toml names a chosen collection by: its display name when no other of its
    /// kind has it, else its URL — also when the name holds control or escape characters, which
    /// would reach a terminal that shows the file.
    static func setting(for chosen: FoundCollection, kind: SyncKind, among found: [FoundCollection]) -> String {
        let name = chosen.displayName.trimmingCharacters(in: .whitespaces)
        let same = found.filter { $0.kinds.contains(kind) && $0.displayName.trimmingCharacters(in: .whitespaces).lowercased() == name.lowercased() }
        return name.isEmpty || same.count > 1 || name.contains("/") || Sanitizer.clean(name) != name ? chosen.url : name
    }

    /// Sets a vdir account's folders (`wanted`, else tasks, todos and contacts under `path`) and
    /// makes the missing ones: a folder is cheap, and khal, todoman and vdirsyncer need it to exist.
    public func prepareVdir(_ account: inout SyncAccount, wanted: [SyncKind: String]) throws -> [String] {
        account.collections = wanted.isEmpty ? Dictionary(uniqueKeysWithValues: SyncKind.allCases.map { ($0, $0.rawValue) }) : wanted
        var notes: [String] = []
        for kind in SyncKind.allCases {
            guard let folder = account.folder(of: kind, home: home) else { continue }
            guard SyncAccount.isFolderName(account.collections[kind]!) else {
                throw SyncSetupError("--\(kind.rawValue) must be a subfolder of --path or an absolute folder.")
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
                guard isFolder.boolValue else { throw SyncSetupError("\(folder) is a file, not a folder.") }
                notes.append("\(kind.rawValue) ↔ \(folder)")
            } else {
                do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                    throw SyncSetupError("Cannot make the folder \(folder) (\(error.localizedDescription)).")
                }
                notes.append("\(kind.rawValue) ↔ \(folder) (made)")
            }
        }
        return notes
    }
}
