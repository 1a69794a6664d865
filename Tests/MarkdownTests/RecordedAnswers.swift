/// Answers as models write them, for the streaming tests: every construct, and the places
/// where a block's meaning waits on its next line.
enum RecordedAnswers {
    static let long = #"""
    # Setting up a Swift package on Linux

    Here is how to set up **SwiftPM** with a *system library*, step by step. You need
    `swift` 6 and a C library such as ~~libfoo~~ `libcmark-gfm`.
    Second line of the paragraph with a hard break  
    and a link: [the docs](https://swift.org/documentation/ "Swift docs") or <https://example.com>.

    ## Steps

    1. Install the library:
       ```sh
       sudo apt-get install libcmark-gfm-dev
       ```
    2. Add a module map:
       - `module.modulemap`
       - `shim.h`, which includes the headers
         1. first nested
         2. second nested
    3. Build.

    - [x] parser
    - [ ] renderer
    - [ ] tests

    Setext heading
    --------------

    > **Note:** a quote
    > > nested, with a list:
    > > - one
    > > - two

    ```swift
    import CCmarkGFM

    func parse(_ text: String) -> OpaquePointer? {
        let parser = cmark_parser_new(CMARK_OPT_DEFAULT)
        defer { cmark_parser_free(parser) }
        // A ``` inside code does not close the fence.
        return cmark_parser_finish(parser)
    }
    ```

    | Option | Default | Meaning |
    |:-------|:-------:|--------:|
    | `render_markdown` | true | Draw *styled* text |
    | 名前 | 😀 | CJK and emoji |
    | short |

    Paragraph before a break
    ***

    Paragraph that looks like a break
    ***then it is text***

    Intro line
    | a | b |
    |---|-x|

    Intro before a table
    | h1 | h2 |
    |----|----|
    | c1 | c2 |
    Lazy text after the table

    <details>
    <summary>HTML block</summary>

    Inside **markdown** again.

    </details>

        indented code
        second line

    Final paragraph with an image ![diagram *one*](img.png) and an autolink www.example.com.
    Escapes: \*not emphasis\*, a \| pipe, and "quotes".

    1. loose

    2. list
    """#

    /// Pieces that random answers are made of (see `MarkdownStreamTests.testRandomAnswers`).
    static let pieces = [
        "# Title\n", "Text *em", "* and **strong**\n", "\n", "\n\n", "- a\n", "- [ ] b\n", "  - nested\n", "1. one\n",
        "2) two\n", "> quote\n", ">> deeper\n", "```\n", "```py\n", "code line\n", "~~~\n", "    indented\n", "---\n", "***\n",
        "| a | b |\n", "|---|:-:|\n", "| 1 | 2 |\n", "plain line\n", "===\n", "<div>\n", "</div>\n", "<!-- c -->\n",
        "text with `code` and ~~del~~\n", "a  \nb\\\n", "www.x.org y@z.com\n", "\t- tab item\n", "\r\n", "line\r", "* * *\n",
    ]
}
