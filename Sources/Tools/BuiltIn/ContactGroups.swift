import Foundation

/// `Contact.groups` is one text column, "Family, Work": these read and write it. Groups are
/// told apart whatever their case; the first spelling met is the one kept.
enum ContactGroups {
    /// "Family, work ,family," → ["Family", "work"]
    static func parse(_ field: String?) -> [String] {
        distinct((field ?? "").split(separator: ",").map(String.init))
    }

    /// Trimmed, blanks dropped, each group once.
    static func distinct(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    /// The column's text for `names`; nil for no group. A comma would split a name in two.
    static func field(_ names: [String]) throws -> String? {
        if let bad = names.first(where: { $0.contains(",") }) {
            throw ToolError("A group name cannot contain a comma: “\(bad)”. Give each group as its own list entry.")
        }
        let groups = distinct(names)
        return groups.isEmpty ? nil : groups.joined(separator: ", ")
    }

    /// Each group over all contacts' `fields` with how many contacts are in it, by name.
    static func counts(_ fields: [String]) -> [(name: String, count: Int)] {
        var spelling: [String: String] = [:]
        var count: [String: Int] = [:]
        for group in fields.flatMap(parse) {
            let key = group.lowercased()
            spelling[key] = spelling[key] ?? group
            count[key, default: 0] += 1
        }
        return count.keys.sorted().map { (spelling[$0]!, count[$0]!) }
    }
}
