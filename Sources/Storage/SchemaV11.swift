import GRDB

extension Schema {
    /// v11: images attached to messages (and kept from tool results), stored once per content.
    ///
    /// `image` holds each distinct picture once, keyed by the SHA-256 of its bytes, with what
    /// the transcript shows without reading the bytes (type, size in pixels and bytes).
    /// `messageImage` and `toolCallImage` link them to what they came with, in order, under the
    /// name they had; deleting a message or a tool call (a conversation's cascade, a branch
    /// dropped) deletes its links, and a trigger then deletes each image no link names any more.
    static func addImages(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE image (
                hash TEXT PRIMARY KEY NOT NULL,
                mimeType TEXT NOT NULL,
                width INTEGER NOT NULL,
                height INTEGER NOT NULL,
                byteCount INTEGER NOT NULL,
                bytes BLOB NOT NULL,
                createdAt DATETIME NOT NULL
            );
            CREATE TABLE messageImage (
                messageId INTEGER NOT NULL REFERENCES message(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                imageHash TEXT NOT NULL REFERENCES image(hash),
                fileName TEXT NOT NULL,
                PRIMARY KEY (messageId, position)
            ) WITHOUT ROWID;
            CREATE INDEX messageImage_on_imageHash ON messageImage(imageHash);
            CREATE TABLE toolCallImage (
                toolCallId INTEGER NOT NULL REFERENCES toolCall(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                imageHash TEXT NOT NULL REFERENCES image(hash),
                fileName TEXT NOT NULL,
                PRIMARY KEY (toolCallId, position)
            ) WITHOUT ROWID;
            CREATE INDEX toolCallImage_on_imageHash ON toolCallImage(imageHash);
            CREATE TRIGGER messageImage_release AFTER DELETE ON messageImage BEGIN
                DELETE FROM image WHERE hash = OLD.imageHash
                    AND NOT EXISTS (SELECT 1 FROM messageImage WHERE imageHash = OLD.imageHash)
                    AND NOT EXISTS (SELECT 1 FROM toolCallImage WHERE imageHash = OLD.imageHash);
            END;
            CREATE TRIGGER toolCallImage_release AFTER DELETE ON toolCallImage BEGIN
                DELETE FROM image WHERE hash = OLD.imageHash
                    AND NOT EXISTS (SELECT 1 FROM messageImage WHERE imageHash = OLD.imageHash)
                    AND NOT EXISTS (SELECT 1 FROM toolCallImage WHERE imageHash = OLD.imageHash);
            END;
            """)
    }
}
