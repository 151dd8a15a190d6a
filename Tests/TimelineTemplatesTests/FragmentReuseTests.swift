import Testing
import TimelineTemplates

/// A partial that reads nothing but the value on top of the stack is kept per value
/// (`fragmentKey`) and reused; one that reads anything further out is rendered in place.
@Suite struct FragmentReuseTests {
    final class Item: TemplateContext {
        let title: String
        let fragmentKey: Int?

        init(_ title: String, key: Int?) {
            self.title = title
            fragmentKey = key
        }

        static let templateFields = TemplateFieldList<Item>("item", [.text("title") { $0.title }])
    }

    final class Page: TemplateContext {
        let heading: String
        let items: [Item]

        init(heading: String, items: [Item]) {
            self.heading = heading
            self.items = items
        }

        static let templateFields = TemplateFieldList<Page>(
            "page",
            [
                .text("heading") { $0.heading },
                .list("items") { $0.items },
            ])
    }

    static func compile(partial: String) throws -> TemplateSet {
        let sources = ["page": Array("{{#items}}{{> row}}{{/items}}".utf8), "row": Array(partial.utf8)]
        let (set, problems) = TemplateSet.compile(sources: sources, entries: ["page": .object(Page.templateSchema)], strict: true)
        #expect(problems.isEmpty, "\(problems)")
        return try #require(set)
    }

    static func render(_ set: TemplateSet, _ page: Page, _ fragments: TemplateFragments) -> String {
        String(decoding: set.render("page", page.templateValue, fragments: fragments) ?? [], as: UTF8.self)
    }

    @Test func aPartialThatReadsOnlyItsItemIsRenderedOncePerKey() throws {
        // A section makes the partial more than text and values, which is compiled in place.
        let set = try Self.compile(partial: "<{{#title}}{{title}}{{/title}}>")
        let fragments = TemplateFragments()
        #expect(Self.render(set, Page(heading: "A", items: [Item("one", key: 1), Item("two", key: 2)]), fragments) == "<one><two>")
        // Same keys, other titles: the kept fragments come back, which shows they were reused.
        #expect(Self.render(set, Page(heading: "B", items: [Item("changed", key: 1), Item("three", key: 3)]), fragments) == "<one><three>")
        // Without a key, or without a store, every item is rendered.
        #expect(Self.render(set, Page(heading: "C", items: [Item("free", key: nil)]), fragments) == "<free>")
        #expect(String(decoding: set.render("page", Page(heading: "D", items: [Item("changed", key: 1)]).templateValue) ?? [], as: UTF8.self) == "<changed>")
    }

    @Test func aPartialOfTextAndValuesIsCompiledInPlaceAndNeverKept() throws {
        let set = try Self.compile(partial: "<{{title}}>")
        let fragments = TemplateFragments()
        #expect(Self.render(set, Page(heading: "A", items: [Item("one", key: 1)]), fragments) == "<one>")
        #expect(Self.render(set, Page(heading: "B", items: [Item("changed", key: 1)]), fragments) == "<changed>")
    }

    @Test func aPartialThatReadsTheEnclosingPageIsRenderedInPlace() throws {
        let set = try Self.compile(partial: "<{{title}} on {{heading}}>")
        let fragments = TemplateFragments()
        #expect(Self.render(set, Page(heading: "A", items: [Item("one", key: 1)]), fragments) == "<one on A>")
        #expect(Self.render(set, Page(heading: "B", items: [Item("one", key: 1)]), fragments) == "<one on B>")
    }

    @Test func aPartialIncludedIndentedIsRenderedInPlace() throws {
        let sources = ["page": Array("{{#items}}\n  {{> row}}\n{{/items}}".utf8), "row": Array("a\n{{title}}\n".utf8)]
        let (set, _) = TemplateSet.compile(sources: sources, entries: ["page": .object(Page.templateSchema)], strict: true)
        let compiled = try #require(set)
        let fragments = TemplateFragments()
        let page = Page(heading: "A", items: [Item("one", key: 1), Item("one", key: 1)])
        #expect(Self.render(compiled, page, fragments) == "  a\n  one\n  a\n  one\n")
    }
}
