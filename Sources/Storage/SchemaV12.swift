import GRDB

extension Schema {
    /// v12: the sync state of CalDAV/CardDAV and vdir accounts (docs/sync.md, "Sync state").
    ///
    /// Only new tables and triggers: nothing is rewritten, so the upgrade is instant at any size.
    /// - `syncItem`: one row per item synced: where it is on the other side (account, collection,
    ///   href, etag, uid), which local row it is (kind, id), and the content last synced (`base`,
    ///   the item's fields as canonical JSON, and its hash): the base of a 3-way merge.
    /// - `syncCollection`: per collection its kind, the token of the last complete pull and how far
    ///   it has read the change queue (`queueCursor`).
    /// - `syncChange`: the change queue. Triggers add (kind, local id) on every insert, update of a
    ///   synced column and delete of a task, todo, subtask or contact, once any collection exists;
    ///   an item changed twice is in it once (REPLACE moves it to the end). The engine's own writes
    ///   set `syncGate.muted` for their transaction, so they do not queue themselves.
    /// - `syncConflict`: the server's version of an item both sides changed, kept until a side is picked.
    /// - `syncRun`: the journal of runs (counts, problems and the items changed, as JSON).
    static func addSyncState(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE syncItem (
                account TEXT NOT NULL,
                collection TEXT NOT NULL,
                href TEXT NOT NULL,
                etag TEXT NOT NULL,
                uid TEXT NOT NULL,
                localKind TEXT NOT NULL,
                localId INTEGER NOT NULL,
                base TEXT NOT NULL,
                baseHash TEXT NOT NULL,
                PRIMARY KEY (account, collection, href)
            ) WITHOUT ROWID;
            CREATE INDEX syncItem_on_local ON syncItem(localKind, localId);
            CREATE INDEX syncItem_on_uid ON syncItem(account, collection, uid);
            CREATE TABLE syncCollection (
                account TEXT NOT NULL,
                identity TEXT NOT NULL,
                kind TEXT NOT NULL,
                token TEXT,
                queueCursor INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (account, identity)
            ) WITHOUT ROWID;
            CREATE TABLE syncChange (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                kind TEXT NOT NULL,
                localId INTEGER NOT NULL,
                UNIQUE (kind, localId) ON CONFLICT REPLACE
            );
            CREATE TABLE syncGate (id INTEGER PRIMARY KEY CHECK (id = 1), muted INTEGER NOT NULL);
            INSERT INTO syncGate(id, muted) VALUES (1, 0);
            CREATE TABLE syncConflict (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                account TEXT NOT NULL,
                collection TEXT NOT NULL,
                href TEXT NOT NULL,
                localKind TEXT NOT NULL,
                localId INTEGER NOT NULL,
                serverText TEXT NOT NULL,
                serverEtag TEXT NOT NULL,
                createdAt DATETIME NOT NULL,
                UNIQUE (account, collection, href) ON CONFLICT REPLACE
            );
            CREATE INDEX syncConflict_on_local ON syncConflict(localKind, localId);
            CREATE TABLE syncRun (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                account TEXT NOT NULL,
                startedAt DATETIME NOT NULL,
                finishedAt DATETIME NOT NULL,
                pulled INTEGER NOT NULL,
                pushed INTEGER NOT NULL,
                deleted INTEGER NOT NULL,
                conflicts INTEGER NOT NULL,
                problems TEXT NOT NULL,
                changes TEXT NOT NULL DEFAULT '[]'
            );
            CREATE INDEX syncRun_on_account ON syncRun(account, id);
            """)
        for (table, columns) in syncedColumns {
            let kind = table
            let when = "WHEN (SELECT muted FROM syncGate WHERE id = 1) = 0 AND EXISTS (SELECT 1 FROM syncCollection)"
            // One statement each, INSERT … VALUES: the shape a bulk import's catch-up knows (BulkTriggers.swift).
            try db.execute(sql: """
                CREATE TRIGGER syncChange_\(table)_insert AFTER INSERT ON "\(table)" \(when)
                BEGIN INSERT INTO syncChange(kind, localId) VALUES ('\(kind)', new.id); END;
                CREATE TRIGGER syncChange_\(table)_update AFTER UPDATE OF \(columns.joined(separator: ", ")) ON "\(table)" \(when)
                BEGIN INSERT INTO syncChange(kind, localId) VALUES ('\(kind)', new.id); END;
                CREATE TRIGGER syncChange_\(table)_delete AFTER DELETE ON "\(table)" \(when)
                BEGIN INSERT INTO syncChange(kind, localId) VALUES ('\(kind)', old.id); END;
                """)
        }
    }

    /// The columns whose change is a change to sync (not alert state or timestamps).
    static let syncedColumns: [(table: String, columns: [String])] = [
        ("task", ["uid", "title", "notes", "dueDate", "dueTime", "durationMinutes", "category", "priority",
                  "completed", "recurrence", "list", "alertMinutes", "extra"]),
        ("todo", ["uid", "title", "notes", "completed", "position", "dueDate", "extra"]),
        ("subtask", ["uid", "todoId", "parentId", "title", "notes", "completed", "position", "dueDate", "extra"]),
        ("contact", ["uid", "name", "email", "phone", "organization", "notes", "groups", "extra"]),
    ]
}
