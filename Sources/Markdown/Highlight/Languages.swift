/// The languages the highlighter knows, with the fence names that pick them.
public enum CodeLanguage: String, Sendable, CaseIterable {
    case swift, python, javascript, typescript, json, shell, console, sql, c, cpp, go, rust, yaml, toml, diff

    /// The language a fence's info string names (its first word, any case), or nil.
    public init?(fenceName: String?) {
        guard let word = fenceName?.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).first
        else { return nil }
        guard let language = Self.aliases[word.lowercased()] else { return nil }
        self = language
    }

    /// A file extension for opening the code in an editor.
    public var fileExtension: String {
        switch self {
        case .swift: "swift"
        case .python: "py"
        case .javascript: "js"
        case .typescript: "ts"
        case .json: "json"
        case .shell, .console: "sh"
        case .sql: "sql"
        case .c: "c"
        case .cpp: "cpp"
        case .go: "go"
        case .rust: "rs"
        case .yaml: "yaml"
        case .toml: "toml"
        case .diff: "diff"
        }
    }

    static let aliases: [String: CodeLanguage] = {
        let names: [CodeLanguage: String] = [
            .swift: "swift",
            .python: "python py python3 py3 pyw gyp",
            .javascript: "javascript js jsx mjs cjs node",
            .typescript: "typescript ts tsx mts cts",
            .json: "json jsonc json5 jsonl geojson",
            .shell: "shell sh bash zsh ksh dash shellscript",
            .console: "console shell-session sh-session shellsession terminal",
            .sql: "sql mysql postgresql postgres pgsql plpgsql sqlite tsql plsql",
            .c: "c h",
            .cpp: "cpp c++ cc cxx hpp hh hxx h++ ino cuda cu",
            .go: "go golang",
            .rust: "rust rs",
            .yaml: "yaml yml",
            .toml: "toml",
            .diff: "diff patch udiff",
        ]
        var map: [String: CodeLanguage] = [:]
        for (language, list) in names { for name in Specs.words(list) { map[name] = language } }
        return map
    }()

    var spec: LanguageSpec {
        switch self {
        case .swift: Specs.swift
        case .python: Specs.python
        case .javascript: Specs.javascript
        case .typescript: Specs.typescript
        case .json: Specs.json
        case .shell: Specs.shell
        case .console: Specs.console
        case .sql: Specs.sql
        case .c: Specs.c
        case .cpp: Specs.cpp
        case .go: Specs.go
        case .rust: Specs.rust
        case .yaml: Specs.yaml
        case .toml: Specs.toml
        case .diff: Specs.diff
        }
    }
}

/// The tables. Shared parts (C-family comments, JavaScript's words for TypeScript, C's for C++)
/// are built once and reused.
enum Specs {
    typealias Rule = LanguageSpec.StringRule

    /// Splits a space-separated word list, so the tables read like the languages' manuals.
    static func words(_ list: String) -> Set<String> {
        Set(list.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    }
    static let slashComments = [Array("//".utf8)]
    static let cBlock = [LanguageSpec.BlockComment("/*", "*/")]
    static let nestedBlock = [LanguageSpec.BlockComment("/*", "*/", nests: true)]
    static let charQuote = Rule("'", charLiteral: true)

    static let swift = LanguageSpec {
        $0.keywords = words("""
            associatedtype borrowing class consuming deinit enum extension fileprivate func import init inout \
            internal let nonisolated open operator package private precedencegroup protocol public rethrows static \
            struct subscript typealias var break case catch continue default defer do else fallthrough for guard \
            if in repeat return throw switch where while as Any await false is nil self Self super throws true try \
            async actor some any convenience dynamic final indirect lazy mutating nonmutating optional override \
            required unowned weak get set willSet didSet macro sending isolated
            """)
        $0.types = words("Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Double Float Bool String Character Void Never")
        $0.lineComments = slashComments
        $0.blockComments = nestedBlock
        $0.strings = [Rule("\"\"\"", multiline: true), Rule("\"")]
        $0.rawStrings = .swift
        $0.wordStarts = [UInt8(ascii: "$")]  // `$0`, `$name`: closure arguments and projections
        $0.capitalizedAreTypes = true
        $0.atWords = true
        $0.hashWords = true
    }

    static let python = LanguageSpec {
        $0.keywords = words("""
            False None True and as assert async await break class continue def del elif else except finally for \
            from global if import in is lambda nonlocal not or pass raise return try while with yield match case \
            self cls
            """)
        $0.types = words("int float complex str bytes bytearray bool list dict set frozenset tuple object type")
        $0.builtins = words("print len range open isinstance super enumerate zip map filter sorted min max sum abs any all repr")
        $0.lineComments = [Array("#".utf8)]
        $0.strings = [Rule("\"\"\"", multiline: true), Rule("'''", multiline: true), Rule("\""), Rule("'")]
        $0.stringPrefixes = words("r u b f br rb fr rf R U B F BR RB FR RF Br bR Rb rB Fr fR Rf rF")
        $0.capitalizedAreTypes = true
        $0.atWords = true
    }

    static let javascript = LanguageSpec {
        $0.keywords = jsKeywords
        $0.types = words("Array Object String Number Boolean Promise Map Set Date RegExp Error Symbol BigInt JSON Math")
        $0.lineComments = slashComments
        $0.blockComments = cBlock
        $0.strings = [Rule("\""), Rule("'"), Rule("`", multiline: true)]
        $0.capitalizedAreTypes = true
        $0.wordExtras = [UInt8(ascii: "$")]
        $0.wordStarts = [UInt8(ascii: "$")]
    }
    static let jsKeywords = words("""
        break case catch class const continue debugger default delete do else export extends finally for function \
        if import in instanceof let new return super switch this throw try typeof var void while with yield async \
        await of static get set null undefined true false NaN Infinity from
        """)

    static let typescript = LanguageSpec {
        $0 = javascript
        $0.keywords = jsKeywords.union(words("""
            interface type enum implements namespace module declare abstract private protected public readonly \
            as is keyof infer satisfies override unique asserts
            """))
        $0.types = javascript.types.union(words("string number boolean any unknown never void object symbol bigint"))
        $0.atWords = true
    }

    static let json = LanguageSpec {
        $0.keywords = words("true false null")
        // Comments are not JSON, but JSONC and JSON5 have them and they are harmless here.
        $0.lineComments = slashComments
        $0.blockComments = cBlock
        $0.strings = [Rule("\""), Rule("'")]
        $0.stringKeys = true
        $0.callsAreFunctions = false
    }

    static let shell = LanguageSpec {
        $0.keywords = words("""
            if then else elif fi for while until do done case esac in function select time return break continue \
            local export readonly declare typeset unset shift exit set source alias eval exec trap true false
            """)
        $0.builtins = words("echo printf cd pwd read test let wait kill jobs bg fg type command builtin")
        $0.lineComments = [Array("#".utf8)]
        $0.commentNeedsSpace = true
        $0.strings = [Rule("\"", multiline: true), Rule("'", escapes: false, multiline: true), Rule("`", multiline: true)]
        $0.dollarVariables = true
        $0.wordExtras = [UInt8(ascii: "-")]
        $0.wordStarts = [UInt8(ascii: "-")]
    }

    static let console = LanguageSpec { $0 = shell; $0.lineForm = .console }

    static let sql = LanguageSpec {
        $0.keywords = words("""
            select from where and or not insert into values update set delete create table drop alter add column \
            index view trigger primary key foreign references unique default null is in like between exists join \
            inner left right full outer cross on using group by order having limit offset as distinct union all \
            case when then else end begin commit rollback transaction if replace with recursive returning asc desc \
            constraint check cascade true false conflict do nothing explain analyze vacuum pragma database schema \
            grant revoke collate natural over partition window filter glob escape temp temporary
            """)
        $0.types = words("""
            int integer bigint smallint tinyint serial bigserial real float double precision numeric decimal text \
            varchar char character blob boolean bool date time timestamp timestamptz interval uuid json jsonb bytea
            """)
        $0.builtins = words("count sum avg min max coalesce ifnull nullif length lower upper substr now cast round abs")
        $0.caseInsensitive = true
        $0.lineComments = [Array("--".utf8)]
        $0.blockComments = cBlock
        $0.strings = [Rule("'", escapes: false)]
    }

    static let c = LanguageSpec {
        $0.keywords = cKeywords
        $0.types = cTypes
        $0.lineComments = slashComments
        $0.blockComments = cBlock
        $0.strings = [Rule("\""), charQuote]
        $0.stringPrefixes = words("L u U u8")
        $0.hashWords = true
    }
    static let cKeywords = words("""
        auto break case const continue default do else enum extern for goto if inline register restrict return \
        sizeof static struct switch typedef union volatile while NULL true false _Alignas _Alignof _Atomic \
        _Generic _Noreturn _Static_assert _Thread_local
        """)
    static let cTypes = words("""
        void char short int long float double signed unsigned bool _Bool size_t ssize_t ptrdiff_t intptr_t \
        uintptr_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t FILE
        """)

    static let cpp = LanguageSpec {
        $0 = c
        $0.keywords = cKeywords.union(words("""
            alignas alignof and asm catch class concept consteval constexpr constinit const_cast co_await co_return \
            co_yield decltype delete dynamic_cast explicit export friend mutable namespace new noexcept not nullptr \
            operator or private protected public reinterpret_cast requires static_assert static_cast template this \
            thread_local throw try typeid typename using virtual override final
            """))
        $0.types = cTypes.union(words("wchar_t char8_t char16_t char32_t auto string vector map unique_ptr shared_ptr"))
    }

    static let go = LanguageSpec {
        $0.keywords = words("""
            break case chan const continue default defer else fallthrough for func go goto if import interface map \
            package range return select struct switch type var nil true false iota
            """)
        $0.types = words("""
            bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 \
            uint16 uint32 uint64 uintptr any comparable
            """)
        $0.builtins = words("append cap close copy delete len make new panic print println recover min max clear")
        $0.lineComments = slashComments
        $0.blockComments = cBlock
        $0.strings = [Rule("\""), Rule("`", escapes: false, multiline: true), charQuote]
    }

    static let rust = LanguageSpec {
        $0.keywords = words("""
            as async await break const continue crate dyn else enum extern false fn for if impl in let loop match \
            mod move mut pub ref return self Self static struct super trait true type unsafe use where while union \
            macro_rules
            """)
        $0.types = words("""
            i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char str String Vec Option Result Box \
            Some None Ok Err
            """)
        $0.lineComments = slashComments
        $0.blockComments = nestedBlock
        $0.strings = [Rule("\"", multiline: true), charQuote]
        $0.stringPrefixes = ["b"]
        $0.rawStrings = .rust
        $0.capitalizedAreTypes = true
    }

    static let yaml = LanguageSpec {
        $0.keywords = words("true false null yes no on off True False Null TRUE FALSE NULL Yes No")
        $0.lineComments = [Array("#".utf8)]
        $0.commentNeedsSpace = true
        $0.strings = [Rule("\""), Rule("'", escapes: false)]
        $0.callsAreFunctions = false
        $0.wordExtras = [UInt8(ascii: "-"), UInt8(ascii: ".")]
        $0.lineForm = .yaml
    }

    static let toml = LanguageSpec {
        $0.keywords = words("true false inf nan")
        $0.lineComments = [Array("#".utf8)]
        $0.strings = [Rule("\"\"\"", multiline: true), Rule("'''", escapes: false, multiline: true),
                      Rule("\""), Rule("'", escapes: false)]
        $0.callsAreFunctions = false
        $0.lineForm = .toml
    }

    static let diff = LanguageSpec { $0.lineForm = .diff }
}
