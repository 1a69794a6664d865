import GRDB

extension Schema {
    /// v9: the full-text indexes of search keep prefix indexes of two and three characters.
    ///
    /// Search matches each word as a prefix (`"the"*`, typed a letter at a time). Without a
    /// prefix index FTS5 merges the postings of every word starting so (the, them, there, …):
    /// 60–130 ms for "the" in a million messages, where a prefix index answers in the time of
    /// one word (0.2 ms; 14 ms ranked). The index grows about 2.5 times; rebuilding it takes
    /// about 8 s per million messages, once. FTS5 cannot add the option to an index, so each
    /// is made again and filled from its table (messages still streaming are left out, as
    /// the triggers do).
    static func addSearchPrefixIndexes(_ db: Database) throws {
        let indexes = [("message_ft", "message", ["content"], "WHERE status != 'streaming'"),
                       ("toolCall_ft", "toolCall", ["result"], ""),
                       ("note_ft", "note", ["title", "body"], "")]
        for (name, table, columns, filter) in indexes {
            try db.execute(sql: "DROP TABLE \(name)")
            try db.create(virtualTable: name, using: FTS5()) { t in
                t.content = table
                t.contentRowID = "id"
                t.tokenizer = .unicode61()
                t.prefixes = [2, 3]
                for column in columns { t.column(column) }
            }
            let list = columns.joined(separator: ", ")
            try db.execute(sql: "INSERT INTO \(name)(rowid, \(list)) SELECT id, \(list) FROM \(table) \(filter)")
        }
    }
}
