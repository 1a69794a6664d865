import GRDB

/// Ids bound into `IN (?, …)` a few hundred at a time, under SQLite's limit on bound
/// parameters (999 in older builds).
enum BoundIdentifiers {
    static let perQuery = 500

    /// Calls `body` with each part of `ids` and the placeholders for it ("?,?,…").
    static func inParts(_ ids: [Int64], _ body: (_ marks: String, _ arguments: StatementArguments) throws -> Void) rethrows {
        for start in stride(from: 0, to: ids.count, by: perQuery) {
            let part = ids[start..<min(start + perQuery, ids.count)]
            try body(repeatElement("?", count: part.count).joined(separator: ","), StatementArguments(part))
        }
    }
}
