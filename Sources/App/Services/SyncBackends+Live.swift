import Foundation
import Storage
import Sync

extension SyncBackends {
    /// What the binary uses: the DAV client's discovery, collections and MKCALENDAR/MKCOL,
    /// `VdirCollection`, the engine and its journal.
    public static let live = SyncBackends(
        discover: { access in
            let client = client(access)
            let found = try await client.discover()
            var all: [DAVCollectionInfo] = []
            for home in Set([found.calendarHome, found.addressBookHome].compactMap { $0 }) {
                all += try await client.collections(in: home)
            }
            return all.map { FoundCollection(url: $0.url, displayName: $0.displayName ?? "", kinds: $0.kinds) }
        },
        create: { access, kind, name in
            let client = client(access)
            let found = try await client.discover()
            guard let home = kind == .contacts ? found.addressBookHome : found.calendarHome else {
                throw SyncError.failed("the server names no \(kind == .contacts ? "address book" : "calendar") home for this user")
            }
            let slug = name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
            let made = try await client.makeCollection(in: home, slug: String(slug), name: name, kind: kind)
            return FoundCollection(url: made.url, displayName: made.displayName ?? name, kinds: made.kinds)
        },
        davCollection: { access, found, kind in
            DAVCollection(client: client(access), url: found.url, kind: kind)
        },
        vdirCollection: { folder, kind in try VdirCollection(path: folder, kind: kind) },
        run: { database, account, policy, collections in
            await SyncEngine(database: database, account: account, policy: policy).run(collections)
        },
        lastRun: { database, account in try SyncEngine.runs(in: database, account: account, limit: 1).first },
        openConflicts: { database, account in try SyncEngine.conflicts(in: database, account: account).count },
        pendingChanges: { database, account in try SyncEngine.pendingChanges(in: database, account: account) },
        recordFailure: { database, account, started, why, reason in
            try SyncEngine.recordFailedRun(in: database, account: account, startedAt: started, why: why, reason: reason)
        })

    static func client(_ access: DAVAccess) -> DAVClient {
        DAVClient(baseURL: access.url, user: access.user, password: access.password, allowRedirectHosts: access.allowRedirectHosts)
    }
}
