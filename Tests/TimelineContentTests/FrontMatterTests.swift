import Testing
import TimelineTestSupport

@testable import TimelineContent

/// Front matter read by `YAMLComposer` from libyaml's events: values as text, positions,
/// duplicated keys, anchors and aliases.
@Suite("Front matter")
struct FrontMatterTests {
    private func split(_ text: String) throws(FrontMatter.Problem) -> FrontMatter {
        try FrontMatter.split(SourceFile(path: "post.md", bytes: Array(text.utf8)))
    }

    private func members(_ frontMatter: FrontMatter) -> [String: ContentValue] {
        guard case .object(let members) = frontMatter.fields.kind else { return [:] }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    private func text(_ value: ContentValue?) -> String? {
        guard case .string(let text)? = value?.kind else { return nil }
        return text
    }

    private func malformed(_ text: String) -> (line: Int, column: Int, message: String)? {
        do {
            _ = try split(text)
            return nil
        } catch {
            guard case .malformed(let line, let column, let message) = error else { return nil }
            return (line, column, message)
        }
    }

    @Test("scalars are text whatever they look like; ~, null and nothing are not set")
    func scalarsAreText() throws {
        let frontMatter = try split("---\nusername: yes\nalt: 12\ndate: 2016-01-02\nimage: ~\nextra:\n---\nBody\n")
        let fields = members(frontMatter)
        #expect(text(fields["username"]) == "yes")
        #expect(text(fields["alt"]) == "12")
        #expect(text(fields["date"]) == "2016-01-02")
        for key in ["image", "extra"] {
            guard case .null? = fields[key]?.kind else {
                Issue.record("\(key) should be null")
                continue
            }
        }
        #expect(frontMatter.body == "Body\n")
    }

    @Test("a value's position is its line in post.md and its column")
    func positions() throws {
        let fields = members(try split("---\nusername: hansolo\nalt:   \"A photo\"\n---\n"))
        guard case .lineColumn(let line, let column)? = fields["alt"]?.position else {
            Issue.record("alt has no line and column")
            return
        }
        #expect(line == 3)
        #expect(column == 8)
    }

    @Test("Windows line ends are read like Unix ones")
    func carriageReturns() throws {
        let frontMatter = try split("---\r\nusername: hansolo\r\n---\r\nBody\r\n")
        #expect(text(members(frontMatter)["username"]) == "hansolo")
        #expect(frontMatter.body == "Body\n")
    }

    @Test("a key written twice is an error at the second, naming the line of the first")
    func duplicatedKey() throws {
        let problem = try #require(malformed("---\nusername: a\nalt: x\nusername: b\n---\n"))
        #expect(problem.line == 4)
        #expect(problem.column == 1)
        #expect(problem.message.contains("'username' appears twice"))
        #expect(problem.message.contains("first at line 2"))
    }

    @Test("an alias stands for its anchor's value; one with no anchor is an error at the alias")
    func aliases() throws {
        let fields = members(try split("---\nusername: &who hansolo\nalt: *who\n---\n"))
        #expect(text(fields["alt"]) == "hansolo")
        let problem = try #require(malformed("---\nusername: hansolo\nalt: *nobody\n---\n"))
        #expect(problem.line == 3)
        #expect(problem.column == 6)
        #expect(problem.message.contains("'*nobody'"))
    }

    @Test("a key that is a list or a mapping is an error at the key")
    func collectionKey() throws {
        let problem = try #require(malformed("---\nusername: hansolo\n? [a, b]\n: value\n---\n"))
        #expect(problem.line == 3)
        #expect(problem.message.contains("a key must be a name"))
    }

    @Test("a syntax error names libyaml's problem at its line")
    func syntaxError() throws {
        let problem = try #require(malformed("---\nusername: hansolo\nalt: [unclosed\n---\n"))
        #expect(problem.message.hasPrefix("malformed YAML: "))
        #expect(problem.line >= 3)
    }

    @Test("a quote never closed is an error at the opening quote, in post.md's lines, saying so", arguments: ["\"", "'"])
    func unclosedQuote(quote: String) throws {
        let problem = try #require(malformed("---\nusername: hansolo\nalt: \(quote)A rocket lifting off\ndate: 2016-01-02\nimage: rocket.jpg\n---\nBody\n"))
        #expect(problem.line == 3)
        #expect(problem.column == 6)
        #expect(problem.message == "malformed YAML: the quote \(quote) opened here is never closed; end the value with \(quote)")
    }

    @Test(
        "a quote left open at the end of its line, whose value runs on to the next value's quote, is an error at the opening quote, saying so",
        arguments: ["\"", "'"])
    func runawayQuote(quote: String) throws {
        let problem = try #require(
            malformed("---\nusername: hansolo\nalt: \(quote)A rocket\nimage: rocket.jpg\ndate: \(quote)2016-01-02\(quote)\n---\nBody\n"))
        #expect(problem.line == 3)
        #expect(problem.column == 6)
        #expect(
            problem.message
                == "malformed YAML: the quote \(quote) opened here is not closed on its line, so the value runs on to the \(quote) on line 5; end the value with \(quote) on this line"
        )
        // A value of several lines closed where it should be is not taken for one.
        let other = try #require(malformed("---\nusername: hansolo\nalt: \(quote)A rocket\n  lifting off\(quote)\ntags: a \(quote)b\(quote): c\n---\n"))
        #expect(other.line == 5)
        #expect(other.message.hasPrefix("malformed YAML: mapping values are not allowed in this context"))
    }

    @Test("a ': ' in a plain value keeps libyaml's place and shows the line with the value quoted")
    func colonInPlainValue() throws {
        let problem = try #require(malformed("---\nusername: hansolo\nalt: A rocket: lifting off\n---\n"))
        #expect(problem.line == 3)
        #expect(problem.column == 14)
        #expect(
            problem.message
                == "malformed YAML: mapping values are not allowed in this context; a value that holds ': ' must be in quotes: alt: \"A rocket: lifting off\"")
        let quoted = try #require(malformed("---\nusername: hansolo\nalt:   Say \"hi\": now  \n---\n"))
        #expect(quoted.message.hasSuffix(#"must be in quotes: alt: "Say \"hi\": now""#))
    }
}
