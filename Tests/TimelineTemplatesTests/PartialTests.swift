import Testing
import TimelineTemplates

/// Partials: `{{> name}}`.
@Suite struct PartialTests {
    @Test func aPartialIsExpanded() {
        #expect(render("<{{>footer}}>", partials: ["footer": "made here"]) == "<made here>")
    }

    @Test func aMissingPartialIsEmptyWhenNotStrict() {
        #expect(render("<{{>absent}}>", partials: ["present": "x"]) == "<>")
        #expect(problems("<{{>absent}}>", strict: false).isEmpty)
    }

    @Test func aPartialReadsTheContextWhereItIsIncluded() {
        let data = object(("who", "top"), ("inner", object(("who", "inside"))))
        let partials = ["hello": "hi {{who}};"]
        #expect(render("{{>hello}}{{#inner}}{{>hello}}{{/inner}}", partials: partials, data: data) == "hi top;hi inside;")
    }

    @Test func aPartialMayIncludeItself() {
        let none = TemplateValue.list([])
        let a = object(("label", "a"), ("kids", list(object(("label", "a1"), ("kids", none)))))
        let b = object(("label", "b"), ("kids", none))
        let data = object(("label", "root"), ("kids", list(a, b)))
        let partials = ["tree": "{{label}}({{#kids}}{{>tree}}{{/kids}})"]
        #expect(render("{{>tree}}", partials: partials, data: data) == "root(a(a1())b())")
    }

    @Test func partialsMayIncludePartials() {
        let data = object(("first", "Jo"), ("last", "March"))
        let partials = ["card": "[{{first}} {{>surname}}]", "surname": "<{{last}}>"]
        #expect(render("{{>card}}", partials: partials, data: data) == "[Jo <March>]")
    }

    @Test func whitespaceAroundAnInlinePartialIsKept() {
        #expect(render(" - {{>dash}} - ", partials: ["dash": "\t=\t"]) == " - \t=\t - ")
    }

    @Test func anInlinePartialIsNotIndented() {
        let data = object(("v", "#"))
        #expect(render("   {{v}} {{>two}}\n", partials: ["two": "x\ny"], data: data) == "   # x\ny\n")
    }

    @Test func crlfEndsAStandalonePartialLine() {
        #expect(render("a\r\n{{>one}}\r\nb", partials: ["one": "1"]) == "a\r\n1b")
    }

    @Test func aStandalonePartialNeedsNoLineBefore() {
        #expect(render("\t{{>two}}\n!", partials: ["two": "x\ny"]) == "\tx\n\ty!")
    }

    @Test func aStandalonePartialNeedsNoLineAfter() {
        #expect(render("!\n   {{>two}}", partials: ["two": "x\ny"]) == "!\n   x\n   y")
    }

    @Test func aStandalonePartialIsIndentedLineByLine() {
        let data = object(("body", "first\nsecond"))
        let partials = ["box": "+--\n{{{body}}}\n+--\n"]
        let template = "begin\n  {{>box}}\nend\n"
        // The partial's own lines are indented; a line break inside a value is not a template line.
        #expect(render(template, partials: partials, data: data) == "begin\n  +--\n  first\nsecond\n  +--\nend\n")
    }

    @Test func indentationAddsUpThroughNestedStandalonePartials() {
        let partials = ["outer": "o1\n  {{>inner}}\no2\n", "inner": "i1\ni2\n"]
        #expect(render("<\n  {{>outer}}\n>\n", partials: partials) == "<\n  o1\n    i1\n    i2\n  o2\n>\n")
    }

    @Test func aStandalonePartialWithinASectionIsIndentedEachTime() {
        let data = object(("rows", list(object(("c", "A")), object(("c", "B")))))
        let partials = ["cell": "<td>{{c}}</td>\n"]
        let template = "<tr>\n{{#rows}}\n    {{>cell}}\n{{/rows}}\n</tr>\n"
        #expect(render(template, partials: partials, data: data) == "<tr>\n    <td>A</td>\n    <td>B</td>\n</tr>\n")
    }

    @Test func standaloneLinesInAnIndentedPartialAreRemovedNotIndented() {
        let data = object(("on", true), ("off", false))
        let partials = ["opt": "{{#on}}\nA\n{{/on}}\n{{^off}}\nB\n{{/off}}\n"]
        #expect(render("[\n    {{>opt}}\n]\n", partials: partials, data: data) == "[\n    A\n    B\n]\n")
    }

    @Test func spacesInsideThePartialTagAreIgnored() {
        #expect(render("|{{>   snip\t}}|", partials: ["snip": "ok"]) == "|ok|")
    }

    @Test func aPartialWithATagInItsNameStaysTextWhenNotFound() {
        // The partial's name is the tag's content, not a lookup of data.
        #expect(render("<{{>who}}>", data: object(("who", "footer"))) == "<>")
    }
}
