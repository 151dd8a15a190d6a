import Testing
import TimelineTemplates

/// Comments: `{{! … }}`, never written.
@Suite struct CommentTests {
    @Test func anInlineCommentIsRemoved() {
        #expect(render("left{{! drop me }}right") == "leftright")
    }

    @Test func aCommentMaySpanLines() {
        #expect(render("A{{!\n first\n second\n}}B") == "AB")
    }

    @Test func aStandaloneCommentLineIsRemoved() {
        #expect(render("head\n{{! hidden }}\ntail\n") == "head\ntail\n")
    }

    @Test func anIndentedStandaloneCommentLineIsRemoved() {
        #expect(render("head\n\t  {{! hidden }}   \ntail\n") == "head\ntail\n")
    }

    @Test func crlfEndsAStandaloneCommentLine() {
        #expect(render("head\r\n{{! hidden }}\r\ntail") == "head\r\ntail")
    }

    @Test func aStandaloneCommentNeedsNoLineBefore() {
        #expect(render(" {{! first }}\nrest") == "rest")
    }

    @Test func aStandaloneCommentNeedsNoLineAfter() {
        #expect(render("rest\n  {{! last }}") == "rest\n")
    }

    @Test func aStandaloneMultilineCommentIsRemovedWithItsLines() {
        #expect(render("head\n{{!\n  one\n  two\n}}\ntail\n") == "head\ntail\n")
    }

    @Test func anIndentedStandaloneMultilineCommentIsRemoved() {
        #expect(render("head\n    {{!\n  one\n  two\n    }}  \ntail\n") == "head\ntail\n")
    }

    @Test func anInlineCommentKeepsTheSpacesAroundIt() {
        #expect(render("  x {{! c }} y\n") == "  x  y\n")
        #expect(render("\t{{! c }} ok\n") == "\t ok\n")
    }

    @Test func aCommentWithOtherTextOnItsLineKeepsTheLine() {
        #expect(render("1 {{! c }}\n2") == "1 \n2")
    }

    @Test func aCommentIsNeverAVariable() {
        #expect(render("<{{!title}}>", data: object(("title", "oops"), ("!title", "oops"))) == "<>")
    }
}
