import Testing
import TimelineTemplates

/// Variables: `{{name}}`, `{{{name}}}`, `{{& name}}`, dotted names and `{{.}}`.
@Suite struct InterpolationTests {
    @Test func textWithoutTagsIsCopiedAsIs() {
        let template = "Plain words; {braces} and } { stay.\nSecond line."
        #expect(render(template) == template)
    }

    @Test func aTagIsReplacedByItsValue() {
        #expect(render("Dear {{recipient}}, see you.", data: object(("recipient", "Grace"))) == "Dear Grace, see you.")
    }

    @Test func aValueThatLooksLikeATagIsNotExpandedAgain() {
        let data = object(("snippet", "{{secret}}"), ("secret", "leaked"))
        #expect(render("[{{snippet}}]", data: data) == "[{{secret}}]")
        #expect(render("[{{{snippet}}}]", data: data) == "[{{secret}}]")
    }

    @Test func doubleMustacheEscapesHTML() {
        let data = object(("markup", "<b>Tom & \"Jerry\"</b>"))
        #expect(render("{{markup}}", data: data) == "&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;")
    }

    @Test func tripleMustacheDoesNotEscape() {
        let data = object(("markup", "<i>a & b</i>"))
        #expect(render("{{{markup}}}", data: data) == "<i>a & b</i>")
    }

    @Test func ampersandDoesNotEscape() {
        let data = object(("markup", "<i>a & b</i>"))
        #expect(render("{{&markup}}", data: data) == "<i>a & b</i>")
    }

    @Test(arguments: ["{{count}}", "{{{count}}}", "{{&count}}"])
    func integersAreWrittenAsDigits(template: String) {
        #expect(render("(" + template + ")", data: object(("count", 2024))) == "(2024)")
    }

    @Test(arguments: ["{{gone}}", "{{{gone}}}", "{{&gone}}"])
    func nullIsWrittenAsNothing(template: String) {
        #expect(render("<" + template + ">", data: object(("gone", .null), ("other", "x"))) == "<>")
    }

    @Test(arguments: ["{{nowhere}}", "{{{nowhere}}}", "{{&nowhere}}"])
    func aMissingNameIsWrittenAsNothing(template: String) {
        #expect(render("<" + template + ">", data: object(("somewhere", "here"))) == "<>")
    }

    @Test(arguments: ["{{book.title}}", "{{{book.title}}}", "{{&book.title}}"])
    func dottedNamesReadAFieldOfAnObject(template: String) {
        let data = object(("book", object(("title", "Dune"))))
        #expect(render("Read: " + template, data: data) == "Read: Dune")
    }

    @Test func dottedNamesGoAsDeepAsTheyAreWritten() {
        let data = object(("w", object(("x", object(("y", object(("z", object(("leaf", "deep"))))))))))
        #expect(render("{{w.x.y.z.leaf}}!", data: data) == "deep!")
    }

    @Test func aBrokenChainIsWrittenAsNothing() {
        let data = object(("shelf", object(("other", "x"))))
        #expect(render("[{{shelf.box.item}}]", data: data) == "[]")
    }

    @Test func laterPartsResolveOnlyAgainstThePartBefore() {
        // `label` exists at the top, but not under `outer.inner`: no fall back to it.
        let data = object(
            ("outer", object(("inner", object(("unrelated", "u"))))),
            ("label", object(("text", "WRONG"))),
            ("text", "WRONG"))
        #expect(render("[{{outer.inner.label.text}}]", data: data) == "[]")
        #expect(render("[{{outer.inner.text}}]", data: data) == "[]")
    }

    @Test func theFirstPartResolvesOnTheContextStackFromTheTop() {
        let data = object(
            ("box", object(("lid", object(("color", "red"))))),
            ("lid", object(("color", "blue"))))
        #expect(render("{{#box}}{{lid.color}}{{/box}}", data: data) == "red")
    }

    @Test func aFoundFirstPartIsNotAbandonedWhenLaterPartsMiss() {
        // Inside `box`, `lid` is found (empty); `lid.color` is not looked up in the outer `lid`.
        let data = object(
            ("box", object(("lid", object(("shape", "round"))))),
            ("lid", object(("color", "blue"))))
        #expect(render("[{{#box}}{{lid.color}}{{/box}}]", data: data) == "[]")
    }

    @Test func aDottedNameIsNeverOneKey() {
        #expect(render("[{{site.name}}]", data: object(("site.name", "flat"))) == "[]")
    }

    @Test func aKeyWithADotDoesNotMaskTheNestedField() {
        let data = object(("site.name", "flat"), ("site", object(("name", "nested"))))
        #expect(render("{{site.name}}", data: data) == "nested")
    }

    @Test func theImplicitIteratorWritesEachItem() {
        let data = object(("words", list("red", "green", "blue")))
        #expect(render("{{#words}}<{{.}}>{{/words}}", data: data) == "<red><green><blue>")
    }

    @Test func theImplicitIteratorEscapesWithDoubleMustache() {
        let data = object(("parts", list("a<b", "c&d")))
        #expect(render("{{#parts}}{{.}};{{/parts}}", data: data) == "a&lt;b;c&amp;d;")
    }

    @Test func theImplicitIteratorIsRawWithTripleMustacheAndAmpersand() {
        let data = object(("parts", list("a<b", "c&d")))
        #expect(render("{{#parts}}{{{.}}};{{/parts}}", data: data) == "a<b;c&d;")
        #expect(render("{{#parts}}{{&.}};{{/parts}}", data: data) == "a<b;c&d;")
    }

    @Test func theImplicitIteratorWritesNumbers() {
        let data = object(("years", list(1969, 1989, 2001)))
        #expect(render("{{#years}}{{.}}/{{/years}}", data: data) == "1969/1989/2001/")
    }

    @Test func whitespaceAroundATagIsKept() {
        let data = object(("mid", "M"))
        #expect(render("\t-  {{mid}}  -\t", data: data) == "\t-  M  -\t")
        #expect(render("\t-  {{{mid}}}  -\t", data: data) == "\t-  M  -\t")
        #expect(render("\t-  {{&mid}}  -\t", data: data) == "\t-  M  -\t")
    }

    @Test func aVariableAloneOnALineIsNotStandalone() {
        let data = object(("mid", "M"))
        #expect(render("   {{mid}}\t\nnext", data: data) == "   M\t\nnext")
        #expect(render("   {{{mid}}}\t\nnext", data: data) == "   M\t\nnext")
        #expect(render("   {{&mid}}\t\nnext", data: data) == "   M\t\nnext")
        #expect(render("top\n  {{mid}}  \n", data: data) == "top\n  M  \n")
    }

    @Test func spacesInsideTheTagAreIgnored() {
        let data = object(("mood", "calm"))
        #expect(render("[{{   mood  }}]", data: data) == "[calm]")
        #expect(render("[{{{ mood\t}}}]", data: data) == "[calm]")
        #expect(render("[{{&  mood }}]", data: data) == "[calm]")
    }

    @Test func booleansAreWrittenAsWords() {
        let data = object(("on", true), ("off", false))
        #expect(render("{{on}}/{{off}}", data: data) == "true/false")
    }

    @Test func objectsAndListsAreWrittenAsNothingInPlainData() {
        let data = object(("thing", object(("a", "b"))), ("items", list("x", "y")))
        #expect(render("[{{thing}}|{{items}}]", data: data) == "[|]")
    }
}
