import Testing
import TimelineTemplates

/// Sections: `{{#name}}…{{/name}}`.
@Suite struct SectionTests {
    @Test func aTrueSectionIsShown() {
        #expect(render("<{{#open}}door{{/open}}>", data: object(("open", true))) == "<door>")
    }

    @Test func aFalseSectionIsSkipped() {
        #expect(render("<{{#open}}door{{/open}}>", data: object(("open", false))) == "<>")
    }

    @Test func aNullSectionIsSkipped() {
        #expect(render("<{{#open}}door{{/open}}>", data: object(("open", .null))) == "<>")
    }

    @Test func anObjectIsPushedOnTheContextStack() {
        let data = object(("author", object(("first", "Mary"), ("last", "Shelley"))))
        #expect(render("{{#author}}{{last}}, {{first}}{{/author}}", data: data) == "Shelley, Mary")
    }

    @Test func namesMissingInTheSectionAreLookedUpBelow() {
        let data = object(
            ("city", "Lyon"), ("zip", "outer"),
            ("address", object(("zip", "69001"))),
            ("country", object(("code", "FR"))))
        #expect(render("{{#address}}{{zip}} {{city}} {{country.code}}{{/address}}", data: data) == "69001 Lyon FR")
    }

    @Test func aShownValueIsTheTopOfTheStack() {
        let data = object(("nick", "Ziggy"))
        #expect(render("{{#nick}}'{{.}}' aka {{nick}}{{/nick}}", data: data) == "'Ziggy' aka Ziggy")
    }

    @Test func everyFrameOfNestedListsIsVisible() {
        let rows = list(
            object(("row", "r1"), ("slots", list(object(("slot", "p")), object(("slot", "q"))))),
            object(("row", "r2"), ("slots", list(object(("slot", "z"))))))
        let shelf = object(("shelf", object(("big", "S1"), ("small", "s1"))), ("rows", rows))
        let data = object(("shelves", list(shelf)))
        let template = "{{#shelves}}{{#rows}}{{shelf.small}}{{row}}:{{#slots}}{{shelf.big}}-{{row}}-{{slot}} {{/slots}}{{/rows}}{{/shelves}}"
        #expect(render(template, data: data) == "s1r1:S1-r1-p S1-r1-q s1r2:S1-r2-z ")
    }

    @Test func deeplyNestedSectionsSeeAllFramesBelow() {
        let data = object(
            ("p", object(("x", "1"))),
            ("q", object(("y", "2"))),
            ("r", object(("z", "3"), ("s", object(("w", "4"))))))
        let template = """
            {{#p}}
            {{x}}
            {{#q}}
            {{x}}{{y}}
            {{#r}}
            {{x}}{{y}}{{z}}
            {{#s}}
            {{x}}{{y}}{{z}}{{w}}
            {{/s}}
            {{z}}{{y}}{{x}}
            {{/r}}
            {{y}}{{x}}
            {{/q}}
            {{x}}
            {{/p}}

            """
        #expect(render(template, data: data) == "1\n12\n123\n1234\n321\n21\n1\n")
    }

    @Test func aListRepeatsTheSectionPerItem() {
        let data = object(("guests", list(object(("who", "Ann")), object(("who", "Bo")), object(("who", "Cy")))))
        #expect(render("{{#guests}}[{{who}}]{{/guests}}", data: data) == "[Ann][Bo][Cy]")
    }

    @Test func anEmptyListIsSkipped() {
        #expect(render("<{{#guests}}[{{who}}]{{/guests}}>", data: object(("guests", .list([])))) == "<>")
    }

    @Test func aSectionMayAppearTwice() {
        let data = object(("flag", true), ("word", "hey"))
        #expect(render("{{#flag}}1{{word}}{{/flag}}-{{#flag}}2{{word}}{{/flag}}", data: data) == "1hey-2hey")
    }

    @Test func nestedShownSectionsAreShown() {
        let data = object(("a", true), ("b", true))
        #expect(render("[{{#a}}x{{#b}}y{{/b}}z{{/a}}]", data: data) == "[xyz]")
    }

    @Test func aSkippedOuterSectionSkipsItsInnerOnes() {
        let data = object(("a", false), ("b", true))
        #expect(render("[{{#a}}x{{#b}}y{{/b}}z{{/a}}]", data: data) == "[]")
    }

    @Test func anInnerSkippedSectionKeepsTheOuterText() {
        let data = object(("a", true), ("b", false))
        #expect(render("[{{#a}}x{{#b}}y{{/b}}z{{/a}}]", data: data) == "[xz]")
    }

    @Test func aMissingNameIsSkipped() {
        #expect(render("<{{#ghost}}boo{{/ghost}}>", data: object(("other", true))) == "<>")
    }

    @Test func theImplicitIteratorWritesTextItems() {
        #expect(render("{{#tags}}#{{.}} {{/tags}}", data: object(("tags", list("swift", "web")))) == "#swift #web ")
    }

    @Test func theImplicitIteratorWritesNumberItems() {
        #expect(render("{{#n}}{{.}},{{/n}}", data: object(("n", list(7, 0, -3)))) == "7,0,-3,")
    }

    @Test func theImplicitIteratorIteratesListsOfLists() {
        let data = object(("grid", list(list("a", "b"), list("c"), list())))
        #expect(render("{{#grid}}({{#.}}{{.}}{{/.}}){{/grid}}", data: data) == "(ab)(c)()")
    }

    @Test func theImplicitIteratorEscapesOrNotAsTheTagSays() {
        let data = object(("signs", list(">", "\"")))
        #expect(render("{{#signs}}{{.}}{{/signs}}", data: data) == "&gt;&quot;")
        #expect(render("{{#signs}}{{{.}}}{{/signs}}", data: data) == ">\"")
        #expect(render("{{#signs}}{{&.}}{{/signs}}", data: data) == ">\"")
    }

    @Test func theImplicitIteratorWorksOnARootList() {
        let data = list(object(("id", "one")), object(("id", "two")))
        #expect(render("{{#.}}<{{id}}>{{/.}}", data: data) == "<one><two>")
    }

    @Test func dottedNamesOpenSections() {
        let data = object(("cfg", object(("debug", object(("on", true))), ("trace", false))))
        #expect(render("[{{#cfg.debug.on}}D{{/cfg.debug.on}}]", data: data) == "[D]")
        #expect(render("[{{#cfg.trace}}T{{/cfg.trace}}]", data: data) == "[]")
        #expect(render("[{{#cfg.nope.deeper}}N{{/cfg.nope.deeper}}]", data: data) == "[]")
    }

    @Test func whitespaceAroundAndInsideAnInlineSectionIsKept() {
        let data = object(("yes", true))
        #expect(render(" . {{#yes}}\t|\t{{/yes}} . ", data: data) == " . \t|\t . ")
        #expect(render(" . {{#yes}} {{! note }} {{/yes}} . ", data: data) == " .    . ")
        #expect(render(" {{#yes}}A{{/yes}}\n {{#yes}}B{{/yes}}\n", data: data) == " A\n B\n")
    }

    @Test func standaloneSectionLinesAreRemoved() {
        let data = object(("yes", true))
        let template = "<ul>\n{{#yes}}\n<li>item</li>\n{{/yes}}\n</ul>\n"
        #expect(render(template, data: data) == "<ul>\n<li>item</li>\n</ul>\n")
    }

    @Test func indentedStandaloneSectionLinesAreRemoved() {
        let data = object(("yes", true))
        let template = "<ul>\n   {{#yes}}\n<li>item</li>\n\t {{/yes}}  \n</ul>\n"
        #expect(render(template, data: data) == "<ul>\n<li>item</li>\n</ul>\n")
    }

    @Test func crlfEndsAStandaloneLine() {
        let data = object(("yes", true))
        #expect(render("<\r\n{{#yes}}\r\n-\r\n{{/yes}}\r\n>", data: data) == "<\r\n-\r\n>")
    }

    @Test func aStandaloneTagNeedsNoLineBefore() {
        let data = object(("yes", true))
        #expect(render("\t{{#yes}}\nin\n{{/yes}}\nout", data: data) == "in\nout")
    }

    @Test func aStandaloneTagNeedsNoLineAfter() {
        let data = object(("yes", true))
        #expect(render("pre\n{{#yes}}\nin\n  {{/yes}}", data: data) == "pre\nin\n")
    }

    @Test func spacesInsideSectionTagsAreIgnored() {
        #expect(render("|{{#  yes  }}on{{/ yes\t}}|", data: object(("yes", true))) == "|on|")
    }

    // Ours (docs/templates.md): only null, false and an empty list hide a section.
    @Test func zeroAndEmptyTextAreShown() {
        let data = object(("zero", 0), ("empty", ""))
        #expect(render("[{{#zero}}z{{.}}{{/zero}}|{{#empty}}e{{/empty}}]", data: data) == "[z0|e]")
    }
}
