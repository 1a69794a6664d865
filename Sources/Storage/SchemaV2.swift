import GRDB

extension Schema {
    /// v2: an answer enters the full-text index when it stops streaming, not at every
    /// checkpoint. Re-indexing the whole growing answer four times a second cost 7% of the
    /// app's CPU while streaming (docs/performance.md). Streaming answers are not searchable
    /// until they finish; every other row stays in step with its content.
    static func indexFinishedMessagesOnly(_ db: Database) throws {
        // v1 kept streaming rows indexed with their current content: take them out with it.
        try db.execute(sql: """
            INSERT INTO message_ft(message_ft, rowid, content)
                SELECT 'delete', id, content FROM message WHERE status = 'streaming';
            DROP TRIGGER "__message_ft_ai";
            DROP TRIGGER "__message_ft_ad";
            DROP TRIGGER "__message_ft_au";
            CREATE TRIGGER message_ft_insert AFTER INSERT ON message WHEN new.status != 'streaming' BEGIN
                INSERT INTO message_ft(rowid, content) VALUES (new.id, new.content);
            END;
            CREATE TRIGGER message_ft_delete AFTER DELETE ON message WHEN old.status != 'streaming' BEGIN
                INSERT INTO message_ft(message_ft, rowid, content) VALUES ('delete', old.id, old.content);
            END;
            -- One trigger, in this order: the old entry goes before the new one comes.
            CREATE TRIGGER message_ft_update AFTER UPDATE OF content, status ON message BEGIN
                INSERT INTO message_ft(message_ft, rowid, content)
                    SELECT 'delete', old.id, old.content WHERE old.status != 'streaming';
                INSERT INTO message_ft(rowid, content)
                    SELECT new.id, new.content WHERE new.status != 'streaming';
            END;
            """)
    }
}
