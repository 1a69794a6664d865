import Foundation
import XCTest
import Core
import Storage
@testable import Tools

final class ContactsToolsTests: ToolTestCase {
    @discardableResult
    func addContact(_ name: String, email: String? = nil, phone: String? = nil, organization: String? = nil,
                    notes: String = "", groups: String? = nil) throws -> Contact {
        try database.insertContact(Contact(name: name, email: email, phone: phone, organization: organization,
                                           notes: notes, groups: groups))
    }

    func testCreateContactWithEverything() async throws {
        let result = try await run(CreateContactTool(), [
            "name": "Ada Lovelace", "email": "ada@example.org", "phone": "+44 (20) 7946-0000",
            "organization": "Analytical", "notes": "Met at the\nengine talk", "groups": ["Family", " work ", "family", ""]])
        XCTAssertEqual(result.text, "Created contact #1 Ada Lovelace — ada@example.org, +44 (20) 7946-0000, Analytical [Family, work].")
        XCTAssertFalse(result.isError)
        let saved = try XCTUnwrap(database.contact(id: 1))
        XCTAssertEqual(saved.name, "Ada Lovelace")
        XCTAssertEqual(saved.email, "ada@example.org")
        XCTAssertEqual(saved.phone, "+44 (20) 7946-0000")
        XCTAssertEqual(saved.organization, "Analytical")
        XCTAssertEqual(saved.notes, "Met at the\nengine talk")
        XCTAssertEqual(saved.groups, "Family, work", "trimmed, blanks dropped, each group once whatever its case")

        let bare = try await run(CreateContactTool(), ["name": "Bob"])
        XCTAssertEqual(bare.text, "Created contact #2 Bob.")
        XCTAssertEqual(try database.contact(id: 2)?.groups, nil)
    }

    func testCreateContactPointsOutAContactWithTheSameName() async throws {
        try addContact("Bob Smith")
        let result = try await run(CreateContactTool(), ["name": "bob smith", "email": "bob@b.org"])
        XCTAssertEqual(result.text, "Created contact #2 bob smith — bob@b.org. Note: contact #1 has the same name.")
        XCTAssertEqual(try database.searchContacts("bob").count, 2)
    }

    func testCreateContactRejectsBadInput() async throws {
        await assertToolError(CreateContactTool(), ["email": "a@b.org"], "Missing required argument 'name'.")
        await assertToolError(CreateContactTool(), ["name": "  "], "Missing required argument 'name'.")
        for email in ["ada", "ada@example", "@example.org", "ada@.org", "ada@example.", "a b@example.org", "a@b@c.org"] {
            await assertToolError(CreateContactTool(), ["name": "Ada", "email": .string(email)],
                                  "'email' must be an email address like name@example.com, not “\(email)”.")
        }
        for phone in ["555-CALL-NOW", "+-()", "555.0100", "#123"] {
            await assertToolError(CreateContactTool(), ["name": "Ada", "phone": .string(phone)],
                                  "'phone' may contain only digits, spaces and + - ( ), not “\(phone)”.")
        }
        await assertToolError(CreateContactTool(), ["name": "Ada", "groups": ["Family, Work"]],
                              "A group name cannot contain a comma: “Family, Work”. Give each group as its own list entry.")
        await assertToolError(CreateContactTool(), ["name": "Ada", "groups": "Family"], "'groups' must be a list.")
        XCTAssertEqual(try database.searchContacts(""), [], "nothing was saved")
    }

    func testSchemasRefuseWrongTypesBeforeTheCall() {
        let create = CreateContactTool().definition.inputSchema
        XCTAssertEqual(SchemaValidator.problems(["name": "Ada", "groups": [1]], against: create),
                       ["'groups[0]' must be a string, not the number 1"])
        XCTAssertEqual(SchemaValidator.problems(["id": 0, "name": "x"], against: UpdateContactTool().definition.inputSchema),
                       ["'id' must be at least 1, not 0"])
        XCTAssertEqual(SchemaValidator.problems([:], against: GetContactTool().definition.inputSchema), ["'id' is required"])
        XCTAssertEqual(SchemaValidator.problems(["phone": .string(String(repeating: "1", count: 41)), "name": "x"], against: create),
                       ["'phone' must not be longer than 40 characters"])
    }

    func testSearchContactsByNameEmailPhoneAndOrganization() async throws {
        try addContact("Ada Lovelace", email: "ada@example.org", phone: "+1 (555) 010-0199", organization: "Analytical",
                       groups: "Friends")
        try addContact("Charles Babbage", email: "cb@engine.org", phone: "555 0200")
        let byName = try await run(SearchContactsTool(), ["query": "LOVE"])
        XCTAssertEqual(byName.text, "#1 Ada Lovelace — ada@example.org, +1 (555) 010-0199, Analytical [Friends]")
        try await assertText(SearchContactsTool(), ["query": "engine.org"], "#2 Charles Babbage — cb@engine.org, 555 0200")
        let byOrganization = try await run(SearchContactsTool(), ["query": "analytical"])
        XCTAssertEqual(byOrganization.text, byName.text)
        let byDigits = try await run(SearchContactsTool(), ["query": "555-0100"])
        XCTAssertEqual(byDigits.text, "#1 Ada Lovelace — ada@example.org, +1 (555) 010-0199, Analytical [Friends]",
                       "a phone is found by its digits whatever its punctuation")
        let both = try await run(SearchContactsTool(), ["query": "555"])
        XCTAssertEqual(both.text.split(separator: "\n").map { $0.prefix(2) }, ["#1", "#2"])
        let none = try await run(SearchContactsTool(), ["query": "Turing"])
        XCTAssertEqual(none.text, "No contact matches “Turing”.")
        XCTAssertFalse(none.isError)
    }

    func testSearchContactsIsCappedAndNeedsAQuery() async throws {
        for i in 0..<55 { try addContact(String(format: "Person %02d", i)) }
        let lines = try await run(SearchContactsTool(), ["query": "person"]).text.split(separator: "\n")
        XCTAssertEqual(lines.count, 51)
        XCTAssertEqual(lines.first, "#1 Person 00")
        XCTAssertEqual(lines.last, "…and 5 more; narrow the search.")
        await assertToolError(SearchContactsTool(), [:], "Missing required argument 'query'.")
    }

    func testGetContactShowsEveryField() async throws {
        try addContact("Ada Lovelace", email: "ada@example.org", notes: "Likes\nnumbers", groups: "Family,Work")
        let result = try await run(GetContactTool(), ["id": 1])
        XCTAssertEqual(result.text, """
            Contact #1
            Name: Ada Lovelace
            Email: ada@example.org
            Phone: (none)
            Organization: (none)
            Groups: Family, Work
            Notes: Likes
            numbers
            """)
        try await assertText(GetContactTool(), ["id": "1"], result.text, "an id given as text works too")
        await assertToolError(GetContactTool(), ["id": 99], "No contact has id 99; search_contacts finds ids.")
        await assertToolError(GetContactTool(), ["id": -1], "No contact has id -1; search_contacts finds ids.")
        await assertToolError(GetContactTool(), [:], "Missing required argument 'id'.")
        await assertToolError(GetContactTool(), ["id": .number(1.5)], "'id' must be a whole number.")
    }

    func testUpdateContactChangesOnlyTheGivenFieldsAndQuotesTheOldValues() async throws {
        try addContact("Ada Lovelace", email: "ada@old.org", phone: "555 0100", organization: "Analytical",
                       notes: "old notes", groups: "Family")
        let result = try await run(UpdateContactTool(), ["id": 1, "email": "ada@new.org", "notes": "new notes", "phone": ""])
        XCTAssertEqual(result.text, "Updated contact #1 Ada Lovelace: email “ada@old.org” → “ada@new.org”; "
                       + "phone “555 0100” → (none); notes “old notes” → “new notes”.")
        let saved = try XCTUnwrap(database.contact(id: 1))
        XCTAssertEqual(saved.email, "ada@new.org")
        XCTAssertNil(saved.phone, "\"\" clears a field")
        XCTAssertEqual(saved.notes, "new notes")
        XCTAssertEqual(saved.name, "Ada Lovelace", "fields left out stay")
        XCTAssertEqual(saved.organization, "Analytical")
        XCTAssertEqual(saved.groups, "Family")

        let regrouped = try await run(UpdateContactTool(), ["id": 1, "name": "Ada King", "groups": ["Work", "Friends"]])
        XCTAssertEqual(regrouped.text, "Updated contact #1 Ada King: name “Ada Lovelace” → “Ada King”; groups “Family” → “Work, Friends”.")
        _ = try await run(UpdateContactTool(), ["id": 1, "groups": []])
        XCTAssertNil(try database.contact(id: 1)?.groups, "[] clears the groups")

        let same = try await run(UpdateContactTool(), ["id": 1, "email": "ada@new.org"])
        XCTAssertEqual(same.text, "Contact #1 Ada King already has these values; nothing changed.")
        XCTAssertFalse(UpdateContactTool().definition.isDestructive, "only the fields given change; old values are quoted back")
    }

    func testUpdateContactRejectsBadInput() async throws {
        try addContact("Ada", email: "ada@example.org")
        await assertToolError(UpdateContactTool(), ["id": 1],
                              "Nothing to change: give at least one of name, email, phone, organization, notes or groups.")
        await assertToolError(UpdateContactTool(), ["id": 7, "name": "X"], "No contact has id 7; search_contacts finds ids.")
        await assertToolError(UpdateContactTool(), ["id": 1, "name": " "], "'name' cannot be empty.")
        await assertToolError(UpdateContactTool(), ["id": 1, "email": "nope"],
                              "'email' must be an email address like name@example.com, not “nope”.")
        await assertToolError(UpdateContactTool(), ["id": 1, "phone": "call me"],
                              "'phone' may contain only digits, spaces and + - ( ), not “call me”.")
        XCTAssertEqual(try database.contact(id: 1)?.email, "ada@example.org", "a refused update changes nothing")
    }

    func testContactGroupsAreCountedWhateverTheirCase() async throws {
        let empty = try await run(GetContactGroupsTool(), [:])
        XCTAssertEqual(empty.text, "No contact is in a group.")
        try addContact("A", groups: "Family, Work")
        try addContact("B", groups: "family")
        try addContact("C", groups: "work, Work , ,Chess")
        try addContact("D")
        try addContact("E", groups: "")
        let result = try await run(GetContactGroupsTool(), [:])
        XCTAssertEqual(result.text, "Chess (1 contact)\nFamily (2 contacts)\nWork (2 contacts)")
    }

    func testGroupsFieldParsing() throws {
        XCTAssertEqual(ContactGroups.parse(" a ,B,, b ,c"), ["a", "B", "c"])
        XCTAssertEqual(ContactGroups.parse(nil), [])
        XCTAssertEqual(try ContactGroups.field([" ", ""]), nil)
        XCTAssertEqual(try ContactGroups.field(["x", "X", "y"]), "x, y")
    }
}
