import CLibXML2
import Testing
import TimelineTestSupport

@testable import TimelineSite

/// `XMLWriter` writes the bytes libxml2's xmlTextWriter writes with the settings the feeds
/// used (UTF-8, indented by two spaces): random documents, written through both, compared.
@Suite("XML writer")
struct XMLWriterTests {
    /// A document as the feeds and sitemaps write one: elements with attributes, each holding
    /// text, children or nothing.
    indirect enum Node {
        case element(name: String, attributes: [(name: String, value: String)], content: Content)

        enum Content {
            case empty
            case text(String)
            case children([Node])
        }
    }

    @Test("random documents come out as libxml2's writer makes them", arguments: 0..<8)
    func sameBytesAsLibXML2(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        for _ in 0..<50 {
            let root = Self.node(depth: 0, random: &random)
            let ours = XMLWriter.document { Self.write(root, to: &$0) }
            let theirs = try #require(Self.libxml2Document(root))
            #expect(ours == theirs, "\(String(decoding: ours, as: UTF8.self))\n---\n\(String(decoding: theirs, as: UTF8.self))")
        }
    }

    @Test("a feed of the example site's kind: text, empty elements and nesting")
    func atomShape() throws {
        let root = Node.element(
            name: "feed", attributes: [("xmlns", "http://www.w3.org/2005/Atom"), ("xml:lang", "en")],
            content: .children([
                .element(name: "title", attributes: [], content: .text("Café & <friends> \"quoted\"\r\n\ttab")),
                .element(name: "link", attributes: [("href", "https://example.org/?a=1&b=\"2\"\n\t<é>")], content: .empty),
                .element(name: "subtitle", attributes: [], content: .text("")),
                .element(name: "entry", attributes: [], content: .children([.element(name: "author", attributes: [], content: .children([]))])),
            ]))
        let ours = XMLWriter.document { Self.write(root, to: &$0) }
        #expect(ours == (try #require(Self.libxml2Document(root))))
        #expect(
            String(decoding: ours, as: UTF8.self).contains(
                "<title>Café &amp; &lt;friends&gt; &quot;quoted&quot;&#13;\n\ttab</title>\n  <link href=\"https://example.org/?a=1&amp;b=&quot;2&quot;&#10;&#9;&lt;é&gt;\"/>\n  <subtitle></subtitle>"
            ))
    }

    static func write(_ node: Node, to xml: inout XMLWriter) {
        guard case .element(let name, let attributes, let content) = node else { return }
        switch content {
        case .empty: xml.element(name, attributes)
        case .text(let text): xml.element(name, attributes, text: text)
        case .children(let children): xml.element(name, attributes) { xml in for child in children { write(child, to: &xml) } }
        }
    }

    /// The document through libxml2's xmlTextWriter, as `XMLWriter` wrote it before it wrote
    /// its own bytes; nil when libxml2 fails.
    static func libxml2Document(_ root: Node) -> [UInt8]? {
        guard let buffer = xmlBufferCreate() else { return nil }
        defer { xmlBufferFree(buffer) }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else { return nil }
        defer { xmlFreeTextWriter(writer) }
        guard xmlTextWriterSetIndent(writer, 1) >= 0, xmlTextWriterSetIndentString(writer, "  ") >= 0,
            xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil) >= 0, libxml2Write(root, to: writer),
            xmlTextWriterEndDocument(writer) >= 0, xmlTextWriterFlush(writer) >= 0, let content = xmlBufferContent(buffer)
        else { return nil }
        return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
    }

    private static func libxml2Write(_ node: Node, to writer: OpaquePointer) -> Bool {
        guard case .element(let name, let attributes, let content) = node, xmlTextWriterStartElement(writer, name) >= 0 else { return false }
        for attribute in attributes where xmlTextWriterWriteAttribute(writer, attribute.name, XMLWriter.legal(attribute.value)) < 0 {
            return false
        }
        switch content {
        case .empty: break
        case .text(let text): guard xmlTextWriterWriteString(writer, XMLWriter.legal(text)) >= 0 else { return false }
        case .children(let children): guard children.allSatisfy({ libxml2Write($0, to: writer) }) else { return false }
        }
        return xmlTextWriterEndElement(writer) >= 0
    }

    private static let names = ["feed", "entry", "media:content", "link", "x", "a-b.c_d"]
    /// Pieces of text: every byte either writer escapes, characters XML cannot carry, multi-byte characters.
    private static let pieces = [
        "plain", " ", "<", ">", "&", "\"", "'", "\r", "\n", "\t", "\u{1}", "\u{0}", "\u{FFFE}", "é", "’", "😀", "]]>", "&amp;", "<p>Hi</p>",
        "https://example.org/p/-K25/?q=1&r=2", "",
    ]

    private static func text(random: inout SplitMix) -> String {
        (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    private static func node(depth: Int, random: inout SplitMix) -> Node {
        let name = names.randomElement(using: &random)!
        let attributes = (0..<Int.random(in: 0...3, using: &random)).map { index in (name: "at\(index)", value: text(random: &random)) }
        let content: Node.Content
        switch Int.random(in: 0..<3, using: &random) {
        case 0: content = .empty
        case 1: content = .text(text(random: &random))
        default:
            content = depth >= 3 ? .empty : .children((0..<Int.random(in: 0...4, using: &random)).map { _ in node(depth: depth + 1, random: &random) })
        }
        return .element(name: name, attributes: attributes, content: content)
    }
}
