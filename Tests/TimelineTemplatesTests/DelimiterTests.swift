import Testing
import TimelineTemplates

/// Set delimiters: `{{=<% %>=}}`.
@Suite struct DelimiterTests {
    @Test func newDelimitersReplaceTheBraces() {
        let data = object(("name", "Kit"))
        #expect(render("{{=<% %>=}}hello <%name%>, {{name}}", data: data) == "hello Kit, {{name}}")
    }

    @Test func delimitersMayBeCharactersThatAreSpecialElsewhere() {
        let data = object(("name", "Kit"))
        #expect(render("{{=( )=}}<(name)>", data: data) == "<Kit>")
        #expect(render("{{=$* *$=}}<$*name*$>", data: data) == "<Kit>")
        #expect(render("{{=| |=}}[|name|]", data: data) == "[Kit]")
    }

    @Test func newDelimitersApplyToSectionsAfterThem() {
        let data = object(("on", true), ("word", "yes"))
        let template = "{{#on}}a {{word}} |word|{{/on}}\n{{=| |=}}\n|#on|b {{word}} |word||/on|\n"
        #expect(render(template, data: data) == "a yes |word|\nb {{word}} yes\n")
    }

    @Test func newDelimitersApplyToInvertedSectionsAfterThem() {
        let data = object(("on", false), ("word", "yes"))
        let template = "{{^on}}a {{word}} |word|{{/on}}\n{{=| |=}}\n|^on|b {{word}} |word||/on|\n"
        #expect(render(template, data: data) == "a yes |word|\nb {{word}} yes\n")
    }

    @Test func delimitersSetInATemplateDoNotReachItsPartials() {
        let data = object(("v", "7"))
        let template = "({{>show}})\n{{=<< >>=}}\n(<<>show>>)\n"
        #expect(render(template, partials: ["show": "v={{v}}"], data: data) == "(v=7)\n(v=7)\n")
    }

    @Test func delimitersSetInAPartialDoNotLeakOut() {
        let data = object(("v", "7"))
        let partials = ["show": "{{v}} {{=% %=}}%v%"]
        #expect(render("{{>show}} {{v}} %v%", partials: partials, data: data) == "7 7 7 %v%")
    }

    @Test func whitespaceAroundAnInlineDelimiterTagIsKept() {
        #expect(render("< {{=[ ]=}} >") == "<  >")
        #expect(render("x {{=[ ]=}}\n") == "x \n")
    }

    @Test func aStandaloneDelimiterLineIsRemoved() {
        #expect(render("one\n{{=[ ]=}}\ntwo\n") == "one\ntwo\n")
    }

    @Test func anIndentedStandaloneDelimiterLineIsRemoved() {
        #expect(render("one\n \t {{=[ ]=}} \ntwo\n") == "one\ntwo\n")
    }

    @Test func crlfEndsAStandaloneDelimiterLine() {
        #expect(render("one\r\n{{=[ ]=}}\r\ntwo") == "one\r\ntwo")
    }

    @Test func aStandaloneDelimiterTagNeedsNoLineBefore() {
        #expect(render("   {{=[ ]=}}\n#") == "#")
    }

    @Test func aStandaloneDelimiterTagNeedsNoLineAfter() {
        #expect(render("#\n\t{{=[ ]=}}") == "#\n")
    }

    @Test func spacesAroundTheNewDelimitersAreIgnored() {
        let data = object(("k", "K"))
        #expect(render("[{{=   <<    >>   =}}<<k>>]", data: data) == "[K]")
    }

    @Test func delimitersCanBeChangedTwice() {
        let data = object(("k", "K"))
        #expect(render("{{=<% %>=}}<%k%><%={{ }}=%>{{k}}", data: data) == "KK")
    }

    @Test func aMalformedDelimiterTagIsAProblem() {
        let found = problems("ok\n  {{=only=}}")
        #expect(found.count == 1)
        #expect(found.first?.line == 2)
        #expect(found.first?.column == 3)
    }
}
