import Testing
import TimelineTemplates

/// Inheritance: parents `{{<name}}…{{/name}}` and blocks `{{$name}}…{{/name}}`.
@Suite struct InheritanceTests {
    let frame = ["frame": "[{{$slot}}empty{{/slot}}]"]

    @Test func aBlockNotOverriddenShowsItsDefault() {
        #expect(render("{{$greeting}}Welcome{{/greeting}}\n") == "Welcome\n")
    }

    @Test func aBlockDefaultRendersTagsInIt() {
        let data = object(("who", "Al"), ("raw", "<x>"), ("o", object(("k", "v"))))
        let template = "{{$g}}hi {{who}} / {{{raw}}} / {{#o}}{{k}}{{/o}} / {{^missing}}none{{/missing}}{{/g}}"
        #expect(render(template, data: data) == "hi Al / <x> / v / none")
    }

    @Test func aValueWrittenInABlockIsNotExpandedAgain() {
        let data = object(("o", object(("k", "{{who}}"))), ("who", "Al"))
        #expect(render("{{$g}}<{{#o}}{{k}}{{/o}}>{{/g}}", data: data) == "<{{who}}>")
    }

    @Test func standaloneBlockTagLinesAreRemoved() {
        #expect(render("a\n{{$part}}\nb\n{{/part}}\nc\n") == "a\nb\nc\n")
    }

    @Test func aParentWithoutOverridesShowsItsDefaults() {
        #expect(render("{{<frame}}{{/frame}}", partials: frame) == "[empty]")
    }

    @Test func aBlockInTheParentTagOverridesTheDefault() {
        #expect(render("{{<frame}}{{$slot}}full{{/slot}}{{/frame}}", partials: frame) == "[full]")
    }

    @Test func dataOfTheSameNameDoesNotOverrideABlock() {
        let data = object(("slot", "from data"))
        #expect(render("{{<frame}}{{$slot}}full{{/slot}}{{/frame}}", partials: frame, data: data) == "[full]")
        #expect(render("{{<frame}}{{/frame}}", partials: frame, data: data) == "[empty]")
    }

    @Test func aParentMayStandAmongText() {
        #expect(render("pre {{<frame}}{{$slot}}X{{/slot}}{{/frame}} post", partials: frame) == "pre [X] post")
    }

    @Test func oneParentMayBeUsedTwiceWithDifferentOverrides() {
        let partials = ["frame": "<{{$slot}}?{{/slot}}{{$tail}}!{{/tail}}>"]
        let template = "{{<frame}}{{$slot}}1{{/slot}}{{/frame}} {{<frame}}{{$slot}}2{{/slot}}{{$tail}}.{{/tail}}{{/frame}}"
        #expect(render(template, partials: partials) == "<1!> <2.>")
    }

    @Test func anOverrideMaySpanLines() {
        let partials = ["frame": "{{$slot}}x{{/slot}}"]
        let template = "{{<frame}}{{$slot}}\nalpha\n\nbeta\n{{/slot}}{{/frame}}"
        #expect(render(template, partials: partials) == "alpha\n\nbeta\n")
    }

    @Test func anOverrideTakesTheIndentationOfTheLineItIsPutOn() {
        let partials = ["menu": "menu:\n    {{$item}}default{{/item}}\n"]
        #expect(render("{{<menu}}{{$item}}chosen{{/item}}{{/menu}}", partials: partials) == "menu:\n    chosen\n")
    }

    @Test func blocksNotOverriddenKeepTheirDefaults() {
        let partials = ["pair": "{{$a}}A0{{/a}}+{{$b}}B0{{/b}}"]
        #expect(render("{{<pair}}{{$b}}B1{{/b}}{{/pair}}", partials: partials) == "A0+B1")
        #expect(render("{{<pair}}{{$a}}A1{{/a}}{{/pair}}", partials: partials) == "A1+B0")
    }

    @Test func aParentWithoutBlocksIsLikeAPartial() {
        #expect(render("{{>frame}}|{{<frame}}{{/frame}}", partials: frame) == "[empty]|[empty]")
    }

    @Test func parentsIncludingEachOtherStopWhenABlockIsFilled() {
        let partials = [
            "outer": "{{$x}}X{{/x}}-{{$y}}{{<inner}}{{/inner}}{{/y}}",
            "inner": "{{$x}}I{{/x}}={{<outer}}{{$y}}stop{{/y}}{{/outer}}",
        ]
        #expect(render("{{<outer}}{{$x}}o{{/x}}{{/outer}}", partials: partials) == "o-o=o-stop")
    }

    @Test func theOutermostOverrideWinsOverEveryLevel() {
        let partials = [
            "mid": "{{<base}}{{$tone}}mid{{/tone}}{{/base}}",
            "base": "{{<root}}{{$tone}}base{{/tone}}{{/root}}",
            "root": "({{$tone}}root{{/tone}})",
        ]
        #expect(render("{{<mid}}{{$tone}}child{{/tone}}{{/mid}}", partials: partials) == "(child)")
        #expect(render("{{<mid}}{{/mid}}", partials: partials) == "(mid)")
        #expect(render("{{<base}}{{/base}}", partials: partials) == "(base)")
    }

    @Test func eachLevelMayOverrideDifferentBlocks() {
        let partials = [
            "root": "({{$a}}ra{{/a}},{{$b}}rb{{/b}},{{$c}}rc{{/c}})",
            "mid": "{{<root}}{{$b}}mb{{/b}}{{$c}}mc{{/c}}{{/root}}",
        ]
        #expect(render("{{<mid}}{{$c}}cc{{/c}}{{/mid}}", partials: partials) == "(ra,mb,cc)")
    }

    @Test func textInAParentTagOutsideBlocksIsIgnored() {
        #expect(render("{{<frame}} junk {{$slot}}kept{{/slot}} more junk {{/frame}}", partials: frame) == "[kept]")
        #expect(render("{{<frame}} only junk {{/frame}}", partials: frame) == "[empty]")
    }

    @Test func anOverrideReadsTheContextWhereTheBlockIsExpanded() {
        let data = object(("color", "red"), ("inner", object(("color", "green"))))
        let partials = ["shade": "{{#inner}}{{$slot}}default {{color}}{{/slot}}{{/inner}}"]
        #expect(render("{{<shade}}{{$slot}}mine is {{color}}{{/slot}}{{/shade}}", partials: partials, data: data) == "mine is green")
    }

    @Test func aStandaloneParentIsIndentedLikeAPartial() {
        let partials = ["lines": "l1\nl2\n"]
        #expect(render("Top:\n   {{<lines}}{{/lines}}\nEnd\n", partials: partials) == "Top:\n   l1\n   l2\nEnd\n")
    }

    @Test func aBlockOpenedOnTheParentLineIsStandalone() {
        let partials = ["page": "Page:\n    {{$main}}{{/main}}\n"]
        let template = "{{<page}}{{$main}}\nfirst\nsecond{{/main}}\n{{/page}}\n"
        #expect(render(template, partials: partials) == "Page:\n    first\n    second\n")
    }

    @Test func blockIndentationIsTakenOffWhereWrittenAndPutOnWhereExpanded() {
        let partials = ["page": "Page:\n    {{$main}}\n    {{/main}}\n"]
        let template = "{{<page}}{{$main}}\n   first\n     second\n{{/main}}{{/page}}\n"
        #expect(render(template, partials: partials) == "Page:\n    first\n      second\n")
    }

    @Test func aStandaloneBlockTakesItsIndentationFromItsDefaultContent() {
        let partials = ["l": "List:\n{{$entries}}\n   - none\n{{/entries}}\n"]
        #expect(render("{{<l}}{{/l}}", partials: partials) == "List:\n   - none\n")
        let template = "{{<l}}{{$entries}}\n- a\n- b\n{{/entries}}{{/l}}\n"
        #expect(render(template, partials: partials) == "List:\n   - a\n   - b\n")
    }

    @Test func nestedBlocksAreIndentedRelativeToTheBlockAroundThem() {
        let partials = [
            "mid": "{{<base}}{{$outer}}\n    top\n    {{$inner}}\n       placeholder\n    {{/inner}}\n{{/outer}}{{/base}}\n",
            "base": "{{$outer}}-{{/outer}}",
        ]
        let template = "{{<mid}}{{$inner}}\nleaf\n{{/inner}}{{/mid}}\n"
        #expect(render(template, partials: partials) == "top\n   leaf\n")
        #expect(render("{{<mid}}{{/mid}}", partials: partials) == "top\n   placeholder\n")
    }

    @Test func aLayoutWithStandaloneTagsOnEveryLine() {
        let partials = ["layout": "<main>\n  {{$body}}\n  <p>nothing</p>\n  {{/body}}\n</main>\n"]
        let template = "{{<layout}}\n{{$body}}\n<h1>{{title}}</h1>\n<p>text</p>\n{{/body}}\n{{/layout}}\n"
        let data = object(("title", "Hi"))
        #expect(render(template, partials: partials, data: data) == "<main>\n  <h1>Hi</h1>\n  <p>text</p>\n</main>\n")
        #expect(render("{{<layout}}\n{{/layout}}\n", partials: partials) == "<main>\n  <p>nothing</p>\n</main>\n")
    }

    @Test func delimitersSetBeforeAParentDoNotReachIt() {
        #expect(render("{{=( )=}}(<frame)($slot)x(/slot)(/frame)", partials: frame) == "[x]")
    }

    @Test func aMissingParentIsEmptyWhenNotStrict() {
        #expect(render("<{{<nothing}}{{$a}}x{{/a}}{{/nothing}}>") == "<>")
    }
}
