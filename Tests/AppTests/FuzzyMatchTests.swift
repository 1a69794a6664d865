import XCTest
@testable import App

/// The one fuzzy scoring of every list (pickers, the palette, the slash-command popup).
final class FuzzyMatchTests: XCTestCase {
    private func order(_ query: String, _ texts: [String]) -> [String] {
        FuzzyMatch.filter(texts, query: query) { $0 }.map(\.item)
    }

    func testConsecutiveMatchesComeBeforeScatteredOnes() {
        XCTAssertEqual(order("the", ["the other", "toggle help everywhere", "theme"]).prefix(2).sorted(), ["the other", "theme"])
        XCTAssertEqual(order("the", ["toggle help everywhere", "theme"]), ["theme", "toggle help everywhere"])
    }

    func testWordStartsComeBeforeMiddles() {
        // "ns" at the starts of "new" and "search" beats the "ns" inside "answers".
        XCTAssertEqual(order("ns", ["answers", "new search"]), ["new search", "answers"])
        // A camelCase hump and a path's segment count as word starts.
        XCTAssertEqual(order("gm", ["clangMore", "go/mod"]).first, "go/mod")
        XCTAssertEqual(order("mb", ["embed", "modelBase"]), ["modelBase", "embed"])
    }

    func testTypicalQueries() {
        let commands = ["/help", "/new", "/history", "/search", "/export", "/retry", "/remind", "/list", "/summarize",
                        "/provider", "/model", "/theme", "/keys", "/mcp", "/attach", "/settings", "/quit"]
        XCTAssertEqual(order("/th", commands).first, "/theme")
        XCTAssertEqual(order("mo", commands).first, "/model")
        XCTAssertEqual(order("se", commands).prefix(2), ["/search", "/settings"], "ties keep the list's order")
        XCTAssertEqual(order("gpt4o", ["gpt-4o-mini", "gpt-4o", "o4-mini"]).prefix(2), ["gpt-4o-mini", "gpt-4o"])
    }

    func testCaseInsensitive() {
        XCTAssertNotNil(FuzzyMatch.match("OPEN", in: "openai"))
        XCTAssertNotNil(FuzzyMatch.match("open", in: "OpenAI"))
    }

    func testCJKMatchesAsCharacters() {
        let m = FuzzyMatch.match("设置", in: "打开设置：主题")
        XCTAssertEqual(m?.positions, [2, 3])
        // Each ideograph may start a word: a phrase found whole ranks with one found at the start.
        XCTAssertEqual(order("主题", ["选择主题", "主要话题", "模型"]), ["选择主题", "主要话题"])
        XCTAssertEqual(order("设置", ["设置", "设定的位置"]), ["设置", "设定的位置"])
        XCTAssertEqual(order("设置", ["设定的位置", "打开设置"]), ["打开设置", "设定的位置"], "a whole phrase before scattered characters")
        XCTAssertNil(FuzzyMatch.match("题主", in: "选择主题"), "out of order does not match")
        // Emoji and combined graphemes count as one character each.
        XCTAssertEqual(FuzzyMatch.match("x", in: "👩‍💻x")?.positions, [1])
    }

    func testSymbols() {
        XCTAssertEqual(FuzzyMatch.match("/", in: "/theme")?.positions, [0])
        XCTAssertEqual(FuzzyMatch.match("$ed", in: "compose in $EDITOR")?.positions, [11, 12, 13])
        XCTAssertNil(FuzzyMatch.match("%", in: "compose in $EDITOR"))
        XCTAssertEqual(order("ctrl-o", ["Ctrl-O", "Ctrl-Q"]), ["Ctrl-O"])
    }

    func testEmptyQueryMatchesEverythingInOrder() {
        XCTAssertEqual(FuzzyMatch.match("", in: "anything"), FuzzyMatch(score: 0, positions: []))
        XCTAssertEqual(order("", ["b", "a", "c"]), ["b", "a", "c"])
        XCTAssertEqual(order("  ", ["b", "a"]), ["b", "a"], "spaces alone are no query")
    }

    func testNoMatch() {
        XCTAssertNil(FuzzyMatch.match("xyz", in: "theme"))
        XCTAssertNil(FuzzyMatch.match("themes", in: "theme"), "longer than the text")
        XCTAssertNil(FuzzyMatch.match("a", in: ""))
        XCTAssertEqual(order("zz", ["theme", "model"]), [])
    }

    func testPositionsAreTheBestAlignment() {
        // The "t" of "the" and not the first "t" of "settings": the consecutive run wins.
        XCTAssertEqual(FuzzyMatch.match("the", in: "settings: theme")?.positions, [10, 11, 12])
    }

    /// A long row costs a bounded amount: only its first 512 characters are read.
    func testLongTextIsBounded() {
        let long = String(repeating: "ab ", count: 10_000) + "zq"
        XCTAssertNil(FuzzyMatch.match("zq", in: long))
        XCTAssertNotNil(FuzzyMatch.match("ab", in: long))
    }
}

/// Every picker filters with `FuzzyMatch`: best first, the label's matched characters kept for highlighting.
final class PickerFuzzyFilterTests: XCTestCase {
    private func picker(_ purpose: Picker.Purpose, _ labels: [String], filter: String) -> Picker {
        var picker = Picker(purpose: purpose, title: "", items: labels.enumerated().map { Picker.Item(id: "\($0.offset + 1)", label: $0.element, detail: "") })
        picker.filter = filter
        return picker
    }

    func testAPastedPageMatchesNothingAndCostsNothing() {
        let page = String(repeating: "conversation ", count: 80_000)  // ~1 MB
        let items = (0..<20_000).map { Picker.Item(id: "\($0)", label: "Conversation \($0)", detail: "") }
        let started = ContinuousClock.now
        XCTAssertEqual(Picker.filter(items, by: page), [])
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(1), "not folded again for each row")
        XCTAssertNil(FuzzyMatch.match(String(repeating: "a", count: FuzzyMatch.maxQueryBytes + 1), in: String(repeating: "a", count: 600)))
        XCTAssertNotNil(FuzzyMatch.match(String(repeating: "a", count: 400), in: String(repeating: "a", count: 600)), "a long filter still matches")
    }

    func testModelsThemesProvidersAndConversations() {
        XCTAssertEqual(picker(.model, ["o3-mini", "gpt-4o-mini", "gpt-4o"], filter: "4o").visible.map(\.label), ["gpt-4o-mini", "gpt-4o"])
        XCTAssertEqual(picker(.theme, ["dark", "solarized-dark", "solarized-light"], filter: "sl").visible.map(\.label),
                       ["solarized-light", "solarized-dark"], "s…l at word starts beats s…l inside")
        XCTAssertEqual(picker(.provider, ["OpenAI (openai)", "Anthropic (anthropic)", "Ollama (ollama)"], filter: "olla").visible.map(\.label),
                       ["Ollama (ollama)"])
        // The conversation list is filtered off the loop, by the same function.
        func conversations(_ labels: [String], _ filter: String) -> [String] {
            Picker.filter(labels.map { Picker.Item(id: $0, label: $0, detail: "") }, by: filter).map(\.label)
        }
        XCTAssertEqual(conversations(["Groceries", "Trip to Kyoto", "京都旅行计划"], "kyo"), ["Trip to Kyoto"])
        XCTAssertEqual(picker(.conversations, ["Trip to Kyoto"], filter: "kyo").matchedPositions(Picker.Item(id: "1", label: "Trip to Kyoto", detail: "")),
                       [8, 9, 10])
        XCTAssertEqual(conversations(["Groceries", "京都旅行计划"], "旅行"), ["京都旅行计划"])
        XCTAssertEqual(conversations(["Groceries"], "#!"), [], "symbols that are not there match nothing")
        // The search picker shows the database's answer as it is.
        XCTAssertEqual(picker(.search, ["b", "a"], filter: "zzz").visible.map(\.label), ["b", "a"])
    }

    func testTheMatchedLettersAreDrawnHighlighted() {
        XCTAssertEqual(PickerOverlay.highlighted("gpt-4o", at: [4, 5]), [.init(text: "gpt-", match: false), .init(text: "4o", match: true)])
        XCTAssertEqual(PickerOverlay.highlighted("京都旅行", at: [2]), [.init(text: "京都", match: false), .init(text: "旅", match: true), .init(text: "行", match: false)])
    }
}
