/// What the loopback peer streams for a benchmark run, and how to know it all arrived.
struct StreamScript {
    /// The `[script:…]` tag typed into the question.
    let tag: String
    let tokens: Int
    /// The answer as the database must hold it.
    let expected: String
    /// Text on the screen once the answer's first tokens arrived, and once its last did.
    let firstGlyphs: String
    let lastGlyphs: String
    /// Plain "t0 t1 …" tokens: the screen is also checked for every token in order.
    let numbered: Bool

    /// N tokens "t0 ", "t1 ", … (one paragraph) at `rate` tokens per second (0: full speed).
    static func long(_ n: Int, rate: Int = 0) -> StreamScript {
        StreamScript(tag: rate > 0 ? "[script:long:\(n):\(rate)]" : "[script:long:\(n)]", tokens: n,
                     expected: StreamBenchmark.expected(n), firstGlyphs: "t10 ", lastGlyphs: "t\(n - 1)", numbered: true)
    }

    /// Tests/Peers/fixtures/markdown-heavy.md in tokens of four characters; it ends in
    /// "**omega-final**.", drawn without its stars.
    static func markdownHeavy(_ text: String, rate: Int = 0) -> StreamScript {
        StreamScript(tag: rate > 0 ? "[script:mdheavy:\(rate)]" : "[script:mdheavy]", tokens: (text.count + 3) / 4,
                     expected: text, firstGlyphs: "Moving the team", lastGlyphs: "answer: omega-final.", numbered: false)
    }
}
