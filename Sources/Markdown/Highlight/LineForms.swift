/// The formats read line by line, around the shared tokenizer: a diff's line kinds, a console's
/// `$ ` prompts, YAML keys and block scalars, TOML keys and table headers.
extension LineTokenizer {
    mutating func line(_ state: HighlightState) -> HighlightState {
        switch spec.lineForm {
        case .code: return run(state)
        case .diff: diffLine(); return .normal
        case .console: return consoleLine(state)
        case .yaml: return yamlLine(state)
        case .toml: return tomlLine(state)
        }
    }

    private mutating func diffLine() {
        let start = position
        let headers = ["diff ", "index ", "--- ", "+++ ", "new file", "deleted file", "similarity ", "rename ", "old mode", "new mode"]
        let kind: HighlightKind
        if matches(Array("@@".utf8), at: start) { kind = .hunk }
        else if headers.contains(where: { matches(Array($0.utf8), at: start) }) { kind = .keyword }
        else if start < end, bytes[start] == UInt8(ascii: "+") { kind = .inserted }
        else if start < end, bytes[start] == UInt8(ascii: "-") { kind = .deleted }
        else if start < end, bytes[start] == UInt8(ascii: "\\") { kind = .comment }
        else { kind = .plain }
        emit(kind, to: end)
    }

    /// `$ command` is shell; other lines are the command's output, plain, unless the command
    /// left a string open or ended with `\`.
    private mutating func consoleLine(_ state: HighlightState) -> HighlightState {
        if state == .normal {
            guard matches(Array("$ ".utf8), at: position) else { emit(.plain, to: end); return .normal }
            emit(.punctuation, to: position + 1)
        }
        let after = run(state)
        if after == .normal, end > lineStart, bytes[end - 1] == UInt8(ascii: "\\") { return .continued }
        return after
    }

    private mutating func yamlLine(_ state: HighlightState) -> HighlightState {
        let indent = skipSpaces()
        if case let .yamlBlock(parent) = state, indent == end || indent - lineStart > parent {
            emit(.string, to: end)
            return state
        }
        emit(.plain, to: indent)
        if indent == lineStart, matches(Array("---".utf8), at: indent) || matches(Array("...".utf8), at: indent) {
            emit(.punctuation, to: indent + 3)
        }
        var column = indent - lineStart
        while position < end, bytes[position] == UInt8(ascii: "-"), position + 1 == end || bytes[position + 1] == 0x20 {
            column = position - lineStart
            emit(.punctuation, to: position + 1)
            let next = skipSpaces()
            emit(.plain, to: next)
            if next < end { column = next - lineStart }
        }
        if let colon = yamlKeyEnd() {
            emit(.type, to: colon)
            emit(.punctuation, to: colon + 1)
        }
        emit(.plain, to: skipSpaces())
        if position < end, bytes[position] == UInt8(ascii: "|") || bytes[position] == UInt8(ascii: ">") {
            var j = position + 1
            while j < end, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") || HighlightBytes.isDigit(bytes[j]) { j += 1 }
            emit(.punctuation, to: j)
            _ = run(.normal)
            return .yamlBlock(indent: column)
        }
        return run(.normal)
    }

    /// The `:` after a plain or quoted key at the current position, if the line has one.
    private func yamlKeyEnd() -> Int? {
        var j = position
        guard j < end, !"#[{&*!|>%@`".utf8.contains(bytes[j]) else { return nil }
        if bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") {
            let quote = bytes[j]
            j += 1
            while j < end, bytes[j] != quote { j += 1 }
            j += 1
            while j < end, bytes[j] == 0x20 { j += 1 }
            return j < end && bytes[j] == UInt8(ascii: ":") ? j : nil
        }
        while j < end {
            if bytes[j] == UInt8(ascii: ":"), j + 1 == end || bytes[j + 1] == 0x20 || bytes[j + 1] == 0x09 { return j }
            if bytes[j] == UInt8(ascii: "#"), bytes[j - 1] == 0x20 { return nil }
            j += 1
        }
        return nil
    }

    private mutating func tomlLine(_ state: HighlightState) -> HighlightState {
        guard state == .normal else { return run(state) }
        let start = skipSpaces()
        emit(.plain, to: start)
        if start < end, bytes[start] == UInt8(ascii: "[") {
            var j = start
            while j < end, bytes[j] != UInt8(ascii: "]") { j += 1 }
            while j < end, bytes[j] == UInt8(ascii: "]") { j += 1 }
            emit(.keyword, to: j)
        } else if let equals = tomlKeyEnd(from: start) {
            var keyEnd = equals
            while keyEnd > start, bytes[keyEnd - 1] == 0x20 || bytes[keyEnd - 1] == 0x09 { keyEnd -= 1 }
            emit(.type, to: keyEnd)
            emit(.plain, to: equals)
            emit(.punctuation, to: equals + 1)
        }
        return run(.normal)
    }

    /// The `=` after a bare, dotted or quoted key.
    private func tomlKeyEnd(from start: Int) -> Int? {
        var j = start
        while j < end {
            let c = bytes[j]
            if c == UInt8(ascii: "=") { return j > start ? j : nil }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                j += 1
                while j < end, bytes[j] != c { j += 1 }
                j += 1
            } else if HighlightBytes.isASCIIWord(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || c == 0x20 || c == 0x09 || c >= 0x80 {
                j += 1
            } else {
                return nil
            }
        }
        return nil
    }

    private func skipSpaces() -> Int {
        var j = position
        while j < end, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
        return j
    }
}
