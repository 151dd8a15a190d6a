import Testing
import TimelineTemplates

// The typed mode: templates compiled against `TemplateContext` types, names resolved to slots,
// mistakes reported before anything renders.

private final class Author: TemplateContext {
    let name: String
    let site: String?

    init(name: String, site: String? = nil) {
        self.name = name
        self.site = site
    }

    static let templateFields = TemplateFieldList<Author>(
        "author",
        [
            .text("name") { $0.name },
            .optionalText("site") { $0.site },
        ])
}

private final class Tag: TemplateContext {
    let label: String
    /// Optional: when absent, `{{note}}` goes on to the page's note.
    let note: String?

    init(label: String, note: String? = nil) {
        self.label = label
        self.note = note
    }

    static let templateFields = TemplateFieldList<Tag>(
        "tag",
        [
            .text("label") { $0.label },
            .optionalText("note") { $0.note },
        ])
}

private final class Post: TemplateContext {
    let title: String
    let subtitle: String?
    let views: Int
    let author: Author
    let tags: [Tag]

    init(title: String, subtitle: String? = nil, views: Int, author: Author, tags: [Tag]) {
        self.title = title
        self.subtitle = subtitle
        self.views = views
        self.author = author
        self.tags = tags
    }

    static let templateFields = TemplateFieldList<Post>(
        "post",
        [
            .text("title") { $0.title },
            .optionalText("subtitle") { $0.subtitle },
            .number("views") { $0.views },
            .object("author") { $0.author },
            .list("tags") { $0.tags },
        ])
}

private final class Page: TemplateContext {
    let siteName: String
    let note: String
    let count: Int
    let draft: Bool
    let featured: Post?
    let posts: [Post]
    let words: [String]
    let html: String

    init(siteName: String, note: String, count: Int, draft: Bool, featured: Post? = nil, posts: [Post], words: [String], html: String) {
        self.siteName = siteName
        self.note = note
        self.count = count
        self.draft = draft
        self.featured = featured
        self.posts = posts
        self.words = words
        self.html = html
    }

    static let templateFields = TemplateFieldList<Page>(
        "page",
        [
            .text("siteName") { $0.siteName },
            .text("note") { $0.note },
            .number("count") { $0.count },
            .bool("draft") { $0.draft },
            .optionalObject("featured") { $0.featured },
            .list("posts") { $0.posts },
            .value("words", .list(.text)) { .list($0.words.map(TemplateValue.text)) },
            .text("html") { $0.html },
        ])
}

private let ada = Author(name: "Ada", site: "ada.example")
private let bob = Author(name: "Bob", site: nil)

private let engines = Post(title: "Engines", subtitle: "and looms", views: 10, author: ada, tags: [])

/// The sample page, with some of its values changed.
private func makePage(count: Int = 2, draft: Bool = false, featured: Post? = engines, html: String = "") -> Page {
    Page(
        siteName: "Notebook", note: "page note", count: count, draft: draft,
        featured: featured,
        posts: [
            Post(title: "First", subtitle: nil, views: 3, author: ada, tags: [Tag(label: "math", note: "tag note"), Tag(label: "misc", note: nil)]),
            Post(title: "Second", subtitle: "again", views: 0, author: bob, tags: []),
        ],
        words: ["x", "y"], html: html)
}

private let samplePage = makePage()

/// Compiles `sources` with "page" as the entry, receiving a `Page`.
private func compilePage(_ sources: [String: String], strict: Bool = true) -> (TemplateSet?, [TemplateProblem]) {
    TemplateSet.compile(
        sources: sources.mapValues { Array($0.utf8) }, entries: ["page": .object(Page.templateSchema)], strict: strict)
}

/// Renders `template` (the entry "page") with `page`, `partials` beside it.
private func renderPage(_ template: String, partials: [String: String] = [:], _ page: Page = samplePage) -> String {
    var sources = partials
    sources["page"] = template
    let (set, problems) = compilePage(sources)
    guard let set else {
        Issue.record("compile failed: \(problems.map(describe))")
        return ""
    }
    guard let bytes = set.render("page", page.templateValue) else {
        Issue.record("no entry 'page'")
        return ""
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The problems of compiling `sources` with "page" as the entry.
private func pageProblems(_ sources: [String: String], strict: Bool = true) -> [TemplateProblem] {
    let (set, problems) = compilePage(sources, strict: strict)
    if !problems.isEmpty { #expect(set == nil) }
    return problems
}

@Suite struct TypedRenderingTests {
    @Test func fieldsAreReadByName() {
        #expect(renderPage("{{siteName}} has {{count}} posts; draft: {{draft}}") == "Notebook has 2 posts; draft: false")
    }

    @Test func aListSectionSeesTheItemAndTheFramesBelow() {
        #expect(renderPage("{{#posts}}{{title}} ({{views}}) in {{siteName}}; {{/posts}}") == "First (3) in Notebook; Second (0) in Notebook; ")
    }

    @Test func nestedListsSeeEveryFrame() {
        let template = "{{#posts}}{{#tags}}{{label}}@{{title}}@{{siteName}} {{/tags}}{{/posts}}"
        #expect(renderPage(template) == "math@First@Notebook misc@First@Notebook ")
    }

    @Test func dottedNamesFollowObjectFields() {
        #expect(renderPage("{{featured.author.name}}/{{featured.title}}") == "Ada/Engines")
        #expect(renderPage("{{#posts}}{{author.name}},{{/posts}}") == "Ada,Bob,")
    }

    @Test func anAbsentOptionalFieldFallsThroughToAnOuterFrame() {
        // The first tag has its own note; the second has none, so the page's note shows.
        #expect(renderPage("{{#posts}}{{#tags}}[{{note}}]{{/tags}}{{/posts}}") == "[tag note][page note]")
    }

    @Test func anOptionalFieldInADottedNameGivesNothingWhenAbsent() {
        #expect(renderPage("{{#posts}}<{{author.site}}>{{/posts}}") == "<ada.example><>")
    }

    @Test func anAbsentOptionalObjectSkipsItsSection() {
        #expect(renderPage("{{#featured}}*{{title}}*{{/featured}}{{^featured}}none{{/featured}}", samplePage) == "*Engines*")
        #expect(renderPage("{{#featured}}*{{title}}*{{/featured}}{{^featured}}none{{/featured}}", makePage(featured: nil)) == "none")
        #expect(renderPage("<{{featured.title}}>", makePage(featured: nil)) == "<>")
    }

    @Test func anOptionalTextSectionPushesTheText() {
        #expect(renderPage("{{#posts}}{{#subtitle}}{{.}} of {{title}}{{/subtitle}}|{{/posts}}") == "|again of Second|")
    }

    @Test func aListOfTextIteratesWithTheImplicitIterator() {
        #expect(renderPage("{{#words}}<{{.}}>{{/words}}") == "<x><y>")
    }

    @Test func booleansShowOrHideSections() {
        #expect(renderPage("{{#draft}}D{{/draft}}{{^draft}}P{{/draft}}", samplePage) == "P")
        #expect(renderPage("{{#draft}}D{{/draft}}{{^draft}}P{{/draft}}", makePage(draft: true)) == "D")
    }

    @Test func aPartialIsCompiledForThePlaceItIsIncluded() {
        let partials = ["item": "{{title}} by {{author.name}} on {{siteName}}\n"]
        let template = "{{#posts}}\n  {{>item}}\n{{/posts}}\n{{#featured}}\n{{>item}}\n{{/featured}}\n"
        #expect(renderPage(template, partials: partials) == "  First by Ada on Notebook\n  Second by Bob on Notebook\nEngines by Ada on Notebook\n")
    }

    @Test func blocksAreFilledWithTypedNames() {
        let partials = ["layout": "<title>{{$head}}{{siteName}}{{/head}}</title>"]
        #expect(
            renderPage("{{<layout}}{{$head}}{{featured.title}} - {{siteName}}{{/head}}{{/layout}}", partials: partials) == "<title>Engines - Notebook</title>")
        #expect(renderPage("{{<layout}}{{/layout}}", partials: partials) == "<title>Notebook</title>")
    }

    @Test func onlyEntriesRender() {
        let (set, problems) = compilePage(["page": "p", "other": "o"])
        #expect(problems.isEmpty)
        #expect(set?.hasEntry("page") == true)
        #expect(set?.hasEntry("other") == false)
        #expect(set?.render("other", samplePage.templateValue) == nil)
        #expect(set?.names == ["page", "other"])
    }

    // The first line of this render starts where the buffer ends, even mid-line.
    @Test func aStandalonePartialAtTheStartIsIndentedWhenAppendingToABuffer() throws {
        let set = try #require(compilePage(["page": "  {{>two}}\n", "two": "{{siteName}}\n{{count}}\n"]).0)
        var output = Array("head\n> ".utf8)
        set.render("page", samplePage.templateValue, into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "head\n>   Notebook\n  2\n")
    }

    @Test func renderingAppendsToTheBuffer() throws {
        let set = try #require(compilePage(["page": "{{siteName}}"]).0)
        var output = Array("> ".utf8)
        #expect(set.render("page", samplePage.templateValue, into: &output))
        #expect(String(decoding: output, as: UTF8.self) == "> Notebook")
    }
}

@Suite struct TypedProblemTests {
    @Test func aMisspeltNameIsReportedWhereItIsWithASuggestion() throws {
        let found = pageProblems(["page": "<html>\n<h1>é {{siteNme}}</h1>\n"])
        #expect(found.count == 1)
        let problem = try #require(found.first)
        #expect(problem.template == "page")
        #expect(problem.line == 2)
        #expect(problem.column == 7)  // characters, not bytes: "é" is one column
        #expect(problem.message.contains("'siteNme'"))
        #expect(problem.message.contains("did you mean 'siteName'?"))
    }

    @Test func aSuggestionMayComeFromAnOuterFrame() throws {
        let found = pageProblems(["page": "{{#posts}}{{sitename}}{{/posts}}"])
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect(problem.column == 11)
        #expect(problem.message.contains("did you mean 'siteName'?"))
    }

    @Test func aNameFarFromEveryFieldGetsNoSuggestion() throws {
        let problem = try #require(pageProblems(["page": "{{zebra}}"]).first)
        #expect(problem.message.contains("'zebra'"))
        #expect(!problem.message.contains("did you mean"))
    }

    @Test func aNameOfAnInnerFrameIsNotVisibleOutsideIt() throws {
        let found = pageProblems(["page": "{{#posts}}{{title}}{{/posts}} {{title}}"])
        #expect(found.count == 1)
        #expect(found.first?.column == 31)
    }

    @Test func aDottedPartThatIsNoFieldIsReported() throws {
        let found = pageProblems(["page": "x\n  {{featured.author.nme}}"])
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect((problem.line, problem.column) == (2, 3))
        #expect(problem.message.contains("'featured.author'"))
        #expect(problem.message.contains("no field 'nme'"))
        #expect(problem.message.contains("did you mean 'name'?"))
    }

    @Test func aDottedPartAfterATextIsReported() throws {
        let problem = try #require(pageProblems(["page": "{{siteName.length}}"]).first)
        #expect(problem.message.contains("'siteName' is text"))
        #expect(problem.message.contains("no field 'length'"))
    }

    @Test func anEmptyDottedPartIsReported() throws {
        let problem = try #require(pageProblems(["page": "{{featured..title}}"]).first)
        #expect(problem.message.contains("not a name"))
    }

    @Test func aSectionClosedWithTheWrongNameIsReportedAtTheClosingTag() throws {
        let found = pageProblems(["page": "{{#posts}}\n{{title}}\n  {{/post}}\n"])
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect((problem.template, problem.line, problem.column) == ("page", 3, 3))
        #expect(problem.message.contains("{{/post}}"))
        #expect(problem.message.contains("'posts', opened at line 1, column 1"))
    }

    @Test func anUnclosedSectionIsReportedWhereItOpens() throws {
        let found = pageProblems(["page": "top\n {{#posts}}{{title}}\nend\n"])
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect((problem.line, problem.column) == (2, 2))
        #expect(problem.message.contains("'posts'"))
        #expect(problem.message.contains("never closed"))
    }

    @Test func aCloseWithNothingOpenIsReported() throws {
        let problem = try #require(pageProblems(["page": "a {{/posts}}"]).first)
        #expect((problem.line, problem.column) == (1, 3))
        #expect(problem.message.contains("closes nothing"))
    }

    @Test func anUnclosedTagIsReportedWhereItStarts() throws {
        let found = pageProblems(["page": "{{siteName}}\nab {{count\n"])
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect((problem.line, problem.column) == (2, 4))
        #expect(problem.message.contains("not closed with '}}'"))
    }

    @Test func anUnclosedTagNamesTheCurrentCloseDelimiter() throws {
        let problem = try #require(pageProblems(["page": "{{=<% %>=}}<%count}}"]).first)
        #expect(problem.message.contains("'%>'"))
        #expect(problem.column == 12)
    }

    @Test func aTagWithoutANameIsReported() throws {
        let problem = try #require(pageProblems(["page": "ab{{ }}"]).first)
        #expect(problem.column == 3)
        #expect(problem.message.contains("without a name"))
    }

    @Test func aMissingPartialIsAProblemWhenStrict() throws {
        let sources = ["page": "<body>\n  {{>hedaer}}\n</body>", "header": "<h1>{{siteName}}</h1>"]
        let found = pageProblems(sources)
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect((problem.template, problem.line, problem.column) == ("page", 2, 3))
        #expect(problem.message.contains("'hedaer'"))
        #expect(problem.message.contains("did you mean 'header'?"))
        // Not strict, it is empty text as in plain Mustache.
        #expect(pageProblems(sources, strict: false).isEmpty)
    }

    @Test func aMissingParentIsAProblemWhenStrict() throws {
        let sources = ["page": "{{<layot}}{{$main}}x{{/main}}{{/layot}}", "layout": "{{$main}}{{/main}}"]
        let found = pageProblems(sources)
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect((problem.template, problem.line, problem.column) == ("page", 1, 1))
        #expect(problem.message.contains("did you mean 'layout'?"))
        #expect(pageProblems(sources, strict: false).isEmpty)
    }

    @Test func aProblemInAPartialNamesThePartial() throws {
        let found = pageProblems(["page": "{{#posts}}{{>row}}{{/posts}}", "row": "<td>\n{{titl}}</td>"])
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect((problem.template, problem.line, problem.column) == ("row", 2, 1))
        #expect(problem.message.contains("did you mean 'title'?"))
    }

    @Test func aProblemInAnOverrideNamesTheTemplateThatWroteIt() throws {
        let sources = ["page": "{{<layout}}\n{{$body}}{{titel}}{{/body}}\n{{/layout}}", "layout": "<main>{{$body}}{{/body}}</main>"]
        let found = pageProblems(sources)
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect((problem.template, problem.line, problem.column) == ("page", 2, 10))
    }

    @Test func anObjectIsNotAValueToWrite() throws {
        let problem = try #require(pageProblems(["page": "{{featured}}"]).first)
        #expect(problem.message.contains("'featured' is post?"))
        #expect(problem.message.contains("use it as a section"))
        #expect(pageProblems(["page": "{{#posts}}{{{author}}}{{/posts}}"]).count == 1)
    }

    @Test func aListIsNotAValueToWrite() throws {
        let problem = try #require(pageProblems(["page": "{{&posts}}"]).first)
        #expect(problem.message.contains("'posts' is list of post"))
        #expect(pageProblems(["page": "{{words}}"]).count == 1)
    }

    @Test func everyProblemOfACompileIsReported() {
        let sources = [
            "page": "{{sitename}}\n{{#posts}}{{tilte}}{{/posts}}\n{{>row}}{{>nothere}}",
            "row": "{{coutn}}",
            "broken": "{{#a}}",
        ]
        let found = pageProblems(sources)
        #expect(found.count == 5)
        // Parse problems first (template order), then names as they are compiled.
        #expect(found.map(\.template) == ["broken", "page", "page", "row", "page"])
        #expect(found.map(\.line) == [1, 1, 2, 1, 3])
    }

    @Test func aTemplateThatFailsToParseIsNotAlsoReportedMissing() throws {
        // "row" exists but does not parse: its own problem is the one to report, not a
        // "there is no template 'row'" at the place that includes it.
        let found = pageProblems(["page": "{{#posts}}{{>row}}{{/posts}}", "row": "{{#tags}}{{label}}"])
        #expect(found.count == 1, "\(found.map(describe))")
        #expect(found.first?.template == "row")
    }

    @Test func linesInsideAMultilineTagAreCounted() throws {
        let problem = try #require(pageProblems(["page": "{{! one\ntwo }} {{nope}}"]).first)
        #expect((problem.line, problem.column) == (2, 8))
    }

    @Test func theSameProblemIsReportedOnce() {
        let found = pageProblems(["page": "{{>row}}{{>row}}", "row": "{{nope}}"])
        #expect(found.count == 1)
    }
}

@Suite struct TypedEscapingTests {
    private var page: Page {
        makePage(html: "<a href=\"/q?x=1&y=2\">Tom's</a>")
    }

    @Test func doubleMustacheEscapesTheFiveCharacters() {
        #expect(renderPage("{{html}}", page) == "&lt;a href=&quot;/q?x=1&amp;y=2&quot;&gt;Tom&#39;s&lt;/a&gt;")
    }

    @Test func tripleMustacheAndAmpersandWriteAsIs() {
        #expect(renderPage("{{{html}}}", page) == "<a href=\"/q?x=1&y=2\">Tom's</a>")
        #expect(renderPage("{{& html}}", page) == "<a href=\"/q?x=1&y=2\">Tom's</a>")
    }

    @Test func otherCharactersAreCopied() {
        let page = makePage(html: "café ☕ 日本 = ok; `back` /slash/ #1")
        #expect(renderPage("{{html}}", page) == "café ☕ 日本 = ok; `back` /slash/ #1")
    }

    @Test func escapingHandlesRunsAndEnds() {
        let page = makePage(html: "&&<<>>\"\"''")
        #expect(renderPage("[{{html}}]", page) == "[&amp;&amp;&lt;&lt;&gt;&gt;&quot;&quot;&#39;&#39;]")
    }

    @Test func templateTextIsNeverEscaped() {
        #expect(renderPage("<p class=\"a\">&amp; 'q'</p>") == "<p class=\"a\">&amp; 'q'</p>")
    }
}

@Suite struct TypedNumberTests {
    @Test(arguments: [
        (0, "0"), (7, "7"), (-1, "-1"), (-42, "-42"), (1_000_000, "1000000"),
        (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
    ])
    func numbersAreWrittenAsDigits(number: Int, digits: String) {
        let page = makePage(count: number)
        #expect(renderPage("{{count}}|{{{count}}}", page) == "\(digits)|\(digits)")
    }

    @Test func zeroStillShowsASection() {
        let page = makePage(count: 0)
        #expect(renderPage("{{#count}}n={{.}}{{/count}}", page) == "n=0")
    }
}

@Suite("What a template may read")
struct TemplateReadsTests {
    /// Whether entry "page" of `sources` may read `field` of `schema`; nil when it may read anything.
    private func mayRead(_ field: String, of schema: TemplateSchema, _ sources: [String: String]) -> Bool? {
        guard let set = compilePage(sources).0 else {
            Issue.record("compile failed")
            return false
        }
        guard let reads = set.reads(ofEntry: "page"), let slot = schema.slot(named: field) else { return nil }
        return reads.readableSlots(of: schema)?.contains(slot) ?? true
    }

    @Test("Fields the template names, directly, in sections, partials, parents and blocks, are read; the others are not")
    func namedFields() {
        let page = Page.templateSchema
        let post = Post.templateSchema
        let author = Author.templateSchema
        let sources = [
            "page": "{{<layout}}{{$body}}{{#posts}}{{> card}}{{/posts}}{{/body}}{{/layout}}",
            "layout": "<h1>{{siteName}}</h1>{{$body}}{{/body}}{{#draft}}draft{{/draft}}",
            "card": "{{title}} by {{author.name}} ({{#tags}}{{label}}: {{note}}{{/tags}})",
        ]
        // `{{note}}` in a tag goes on to the page's note when the tag has none: both are read.
        for field in ["siteName", "draft", "posts", "note"] { #expect(mayRead(field, of: page, sources) == true, "\(field)") }
        for field in ["count", "featured", "words", "html"] { #expect(mayRead(field, of: page, sources) == false, "\(field)") }
        #expect(mayRead("title", of: post, sources) == true)
        #expect(mayRead("views", of: post, sources) == false)
        #expect(mayRead("name", of: author, sources) == true)
        #expect(mayRead("site", of: author, sources) == false)
        #expect(mayRead("label", of: Tag.templateSchema, sources) == true)
        #expect(mayRead("note", of: Tag.templateSchema, sources) == true)
    }

    @Test("A field only a partial reads is read by the entry that includes it, and not by one that does not")
    func throughPartials() {
        #expect(mayRead("count", of: Page.templateSchema, ["page": "{{> counts}}", "counts": "{{count}}"]) == true)
        #expect(mayRead("count", of: Page.templateSchema, ["page": "{{siteName}}", "counts": "{{count}}"]) == false)
    }

    @Test("A template that reads into data of any shape may read anything")
    func byName() {
        let (set, problems) = TemplateSet.compile(sources: ["page": Array("{{count}}".utf8)], entries: ["page": .any], strict: true)
        #expect(problems.isEmpty)
        #expect(set?.hasEntry("page") == true)
        #expect(set?.reads(ofEntry: "page") == nil)
    }
}
