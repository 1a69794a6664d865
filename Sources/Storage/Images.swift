import Foundation
import GRDB
import Crypto
import Core

/// Images stored with messages and tool calls (migration v11): each distinct picture once, by
/// the SHA-256 of its bytes; the links keep the order and the name. Readers get `StoredImage`
/// (no bytes) to draw and `imageData(hash:)` when they need the bytes.
extension AppDatabase {
    /// The key of an image in the database: SHA-256 of its bytes, lowercase hex.
    public static func imageHash(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    /// Inserts the message with its images in one transaction (the message and its pictures are
    /// stored together or not at all), touches its conversation, and returns it with its id.
    public func appendMessage(_ message: Message, images: [ImageAttachment]) throws -> Message {
        guard !images.isEmpty else { return try appendMessage(message) }
        return try pool.write { db in
            var message = message
            try message.insert(db)
            try Self.touchConversation(id: message.conversationId, db)
            try Self.link(images, table: "messageImage", owner: "messageId", id: message.id!, db)
            return message
        }
    }

    /// Keeps images a tool returned, with the tool call's row (`toolCall.id`).
    public func attachImages(_ images: [ImageAttachment], toolCallId: Int64) throws {
        try pool.write { db in
            try Self.link(images, table: "toolCallImage", owner: "toolCallId", id: toolCallId, db,
                          after: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM toolCallImage WHERE toolCallId = ?",
                                                  arguments: [toolCallId]) ?? 0)
        }
    }

    static func link(_ images: [ImageAttachment], table: String, owner: String, id: Int64, _ db: Database,
                     after first: Int = 0) throws {
        for (offset, image) in images.enumerated() {
            let hash = imageHash(image.data)
            try db.execute(sql: """
                INSERT INTO image (hash, mimeType, width, height, byteCount, bytes, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(hash) DO NOTHING
                """, arguments: [hash, image.mimeType, image.info.width, image.info.height, image.data.count,
                                 image.data, Date()])
            try db.execute(sql: "INSERT INTO \(table) (\(owner), position, imageHash, fileName) VALUES (?, ?, ?, ?)",
                           arguments: [id, first + offset, hash, image.name])
        }
    }

    /// A message's images in order, without their bytes.
    public func images(messageId: Int64) throws -> [StoredImage] {
        try images(messageIds: [messageId])[messageId] ?? []
    }

    /// The images of several messages (a conversation's window), by message id; messages
    /// without images are absent.
    public func images(messageIds: [Int64]) throws -> [Int64: [StoredImage]] {
        guard !messageIds.isEmpty else { return [:] }
        return try pool.read { db in try Self.images(owners: messageIds, table: "messageImage", owner: "messageId", db) }
    }

    /// A tool call's images in order, without their bytes.
    public func images(toolCallId: Int64) throws -> [StoredImage] {
        try pool.read { db in
            try Self.images(owners: [toolCallId], table: "toolCallImage", owner: "toolCallId", db)[toolCallId] ?? []
        }
    }

    static func images(owners: [Int64], table: String, owner: String, _ db: Database) throws -> [Int64: [StoredImage]] {
        var result: [Int64: [StoredImage]] = [:]
        try BoundIdentifiers.inParts(owners) { marks, arguments in
            let rows = try Row.fetchAll(db, sql: """
                SELECT l.\(owner) AS owner, l.position, l.imageHash, l.fileName, i.mimeType, i.width, i.height, i.byteCount
                FROM \(table) l JOIN image i ON i.hash = l.imageHash
                WHERE l.\(owner) IN (\(marks)) ORDER BY l.\(owner), l.position
                """, arguments: arguments)
            for row in rows {
                let format = ImageInfo.Format(mimeType: row["mimeType"]) ?? .png
                result[row["owner"], default: []].append(StoredImage(
                    hash: row["imageHash"], position: row["position"], name: row["fileName"], format: format,
                    width: row["width"], height: row["height"], byteCount: row["byteCount"]))
            }
        }
        return result
    }

    /// An image's bytes by its hash (nil when no message or tool call keeps it any more).
    public func imageData(hash: String) throws -> Data? {
        try pool.read { db in try Self.bytes(hash: hash, db) }
    }

    static func bytes(hash: String, _ db: Database) throws -> Data? {
        try Data.fetchOne(db, sql: "SELECT bytes FROM image WHERE hash = ?", arguments: [hash])
    }

    /// A message's images with their bytes, to send to a provider or export.
    public func imageAttachments(messageId: Int64) throws -> [ImageAttachment] {
        try pool.read { db in try Self.attachments(Self.images(owners: [messageId], table: "messageImage", owner: "messageId", db)[messageId] ?? [], bytes: true, db) }
    }

    /// Stored images as attachments: with their bytes, or (`bytes` false) with none, for what
    /// only names them. One whose bytes are gone is left out.
    static func attachments(_ stored: [StoredImage], bytes: Bool, _ db: Database) throws -> [ImageAttachment] {
        try stored.compactMap { image in
            guard bytes else { return ImageAttachment(name: image.name, info: image.info, data: Data()) }
            return try Self.bytes(hash: image.hash, db).map { ImageAttachment(name: image.name, info: image.info, data: $0) }
        }
    }

    /// How many distinct images the database holds (tests, `usage`).
    public func imageCount() throws -> Int {
        try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM image") ?? 0 }
    }
}
