import Foundation
import GRDB

/// Tokens and cost summed over answers.
public struct UsageTotals: Sendable, Equatable {
    public var inputTokens: Int
    public var outputTokens: Int
    /// USD; 0 for local models and models without a known price.
    public var cost: Double
    /// Answers that reported usage.
    public var answers: Int

    public init(inputTokens: Int = 0, outputTokens: Int = 0, cost: Double = 0, answers: Int = 0) {
        self.inputTokens = inputTokens; self.outputTokens = outputTokens; self.cost = cost; self.answers = answers
    }

    public var totalTokens: Int { inputTokens + outputTokens }
}

/// The usage of one provider and model on one local day ("2026-11-23").
public struct UsageRow: Sendable, Equatable {
    public var day: String
    public var provider: String
    public var model: String
    public var totals: UsageTotals
}

extension AppDatabase {
    /// The answers' usage summed over one conversation (for the status bar).
    public func usageTotals(conversationId: Int64) throws -> UsageTotals {
        try pool.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT \(Self.usageColumns) FROM message
                WHERE conversationId = ? AND role = 'assistant' AND (inputTokens IS NOT NULL OR outputTokens IS NOT NULL)
                """, arguments: [conversationId])
            return row.map(Self.totals) ?? UsageTotals()
        }
    }

    /// Usage per local day, provider and model, newest day first; `since` limits the days.
    public func usageByDay(since: Date? = nil) throws -> [UsageRow] {
        try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT date(createdAt, 'localtime') AS day, coalesce(provider, '?') AS p, coalesce(model, '?') AS m,
                       \(Self.usageColumns)
                FROM message
                WHERE role = 'assistant' AND (inputTokens IS NOT NULL OR outputTokens IS NOT NULL) AND createdAt >= ?
                GROUP BY day, p, m ORDER BY day DESC, p, m
                """, arguments: [since ?? Date(timeIntervalSince1970: 0)]).map { row in
                UsageRow(day: row["day"], provider: row["p"], model: row["m"], totals: Self.totals(row))
            }
        }
    }

    private static let usageColumns = """
        coalesce(sum(inputTokens), 0) AS input, coalesce(sum(outputTokens), 0) AS output,
        coalesce(sum(cost), 0) AS cost, count(*) AS answers
        """

    private static func totals(_ row: Row) -> UsageTotals {
        UsageTotals(inputTokens: row["input"], outputTokens: row["output"], cost: row["cost"], answers: row["answers"])
    }
}
