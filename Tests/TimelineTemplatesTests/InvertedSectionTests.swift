import Testing
import TimelineTemplates

/// Inverted sections: `{{^name}}…{{/name}}`, shown when the value would hide a section.
@Suite struct InvertedSectionTests {
    @Test func falseShowsTheInvertedSection() {
        #expect(render("({{^busy}}free{{/busy}})", data: object(("busy", false))) == "(free)")
    }

    @Test func trueHidesTheInvertedSection() {
        #expect(render("({{^busy}}free{{/busy}})", data: object(("busy", true))) == "()")
    }

    @Test func nullShowsTheInvertedSection() {
        #expect(render("({{^busy}}free{{/busy}})", data: object(("busy", .null))) == "(free)")
    }

    @Test func anObjectHidesTheInvertedSection() {
        let data = object(("owner", object(("name", "Lin"))))
        #expect(render("({{^owner}}nobody{{/owner}})", data: data) == "()")
    }

    @Test func aListWithItemsHidesTheInvertedSection() {
        let data = object(("hits", list(object(("n", 1)), object(("n", 2)))))
        #expect(render("({{^hits}}no results{{/hits}})", data: data) == "()")
    }

    @Test func anEmptyListShowsTheInvertedSection() {
        #expect(render("({{^hits}}no results{{/hits}})", data: object(("hits", .list([])))) == "(no results)")
    }

    @Test func anInvertedSectionMayAppearTwice() {
        let data = object(("done", false), ("task", "wash"))
        #expect(render("{{^done}}<{{task}}>{{/done}} and {{^done}}[{{task}}]{{/done}}", data: data) == "<wash> and [wash]")
    }

    @Test func nestedShownInvertedSectionsAreShown() {
        let data = object(("a", false), ("b", false))
        #expect(render("<{{^a}}1{{^b}}2{{/b}}3{{/a}}>", data: data) == "<123>")
    }

    @Test func aHiddenOuterInvertedSectionHidesEverythingInside() {
        let data = object(("a", true), ("b", false))
        #expect(render("<{{^a}}1{{^b}}2{{/b}}3{{/a}}>", data: data) == "<>")
    }

    @Test func aMissingNameShowsTheInvertedSection() {
        #expect(render("({{^phantom}}shown{{/phantom}})", data: object(("real", true))) == "(shown)")
    }

    @Test func dottedNamesOpenInvertedSections() {
        let data = object(("user", object(("prefs", object(("dark", true), ("beta", false))))))
        #expect(render("[{{^user.prefs.dark}}light{{/user.prefs.dark}}]", data: data) == "[]")
        #expect(render("[{{^user.prefs.beta}}stable{{/user.prefs.beta}}]", data: data) == "[stable]")
        #expect(render("[{{^user.nothing.here}}gap{{/user.nothing.here}}]", data: data) == "[gap]")
    }

    @Test func whitespaceAroundAndInsideIsKept() {
        let data = object(("no", false))
        #expect(render(" ~ {{^no}}\t*\t{{/no}} ~ ", data: data) == " ~ \t*\t ~ ")
        #expect(render(" ~ {{^no}}  {{! x }}  {{/no}} ~ ", data: data) == " ~      ~ ")
        #expect(render("  {{^no}}P{{/no}}\n  {{^no}}Q{{/no}}\n", data: data) == "  P\n  Q\n")
    }

    @Test func standaloneLinesAreRemoved() {
        let data = object(("no", false))
        #expect(render("<p>\n{{^no}}\nnothing\n{{/no}}\n</p>\n", data: data) == "<p>\nnothing\n</p>\n")
    }

    @Test func indentedStandaloneLinesAreRemoved() {
        let data = object(("no", false))
        #expect(render("<p>\n \t{{^no}}\nnothing\n    {{/no}}\n</p>\n", data: data) == "<p>\nnothing\n</p>\n")
    }

    @Test func crlfEndsAStandaloneLine() {
        let data = object(("no", false))
        #expect(render("a\r\n{{^no}}\r\nb\r\n{{/no}}\r\nc", data: data) == "a\r\nb\r\nc")
    }

    @Test func aStandaloneTagNeedsNoLineBefore() {
        #expect(render("  {{^no}}\n*\n{{/no}}\n+", data: object(("no", false))) == "*\n+")
    }

    @Test func aStandaloneTagNeedsNoLineAfter() {
        #expect(render("+\n{{^no}}\n*\n\t{{/no}}", data: object(("no", false))) == "+\n*\n")
    }

    @Test func spacesInsideTheTagsAreIgnored() {
        #expect(render("|{{^   no }}off{{/\tno  }}|", data: object(("no", false))) == "|off|")
    }

    // Ours: 0 and "" are shown by a section, so they hide an inverted one.
    @Test func zeroAndEmptyTextHideTheInvertedSection() {
        let data = object(("zero", 0), ("empty", ""))
        #expect(render("[{{^zero}}z{{/zero}}{{^empty}}e{{/empty}}]", data: data) == "[]")
    }
}
