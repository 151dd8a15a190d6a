import Testing
import TimelineTestSupport

@testable import TimelineContent
@testable import TimelineModel

@Suite("JSON parser")
struct JSONParserTests {
    func parse(_ text: String) throws(JSONParser.SyntaxError) -> ContentValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test("parses nested values with their positions")
    func positions() throws {
        let text = "{\n  \"a\": [1, true, null],\n  \"b\": \"é\\u00e9\\ud83d\\ude00\"\n}"
        let value = try parse(text)
        guard case .object(let members) = value.kind else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["a", "b"])
        let file = SourceFile(path: "x.json", bytes: Array(text.utf8))
        #expect(file.location(of: members[1].keyPosition) == SourceLocation(path: "x.json", line: 3, column: 3))
        guard case .string(let string) = members[1].value.kind else {
            Issue.record("not a string")
            return
        }
        #expect(string == "éé😀")
    }

    @Test(
        "reports syntax errors where they are",
        arguments: [
            ("{\"a\": 1,}", 8),
            ("[1 2]", 3),
            ("{\"a\" 1}", 5),
            ("\"unterminated", 0),
            ("{\"a\": tru}", 6),
            ("[01]", 1),
            ("{} extra", 3),
            ("\"tab\there\"", 4),
        ])
    func syntaxErrors(text: String, offset: Int) {
        #expect(throws: JSONParser.SyntaxError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.offset == offset)
        }
    }

    @Test("refuses absurd nesting instead of overflowing the stack")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParser.SyntaxError.self) { try parse(text) }
    }
}
