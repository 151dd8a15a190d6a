import CLibXML2
import Foundation

/// An HTML page parsed with libxml2's HTML parser, queried with XPath: the tests read pages
/// the way a browser's DOM would, not by matching strings. `init?(xml:)` parses an XML
/// document (a feed, a sitemap) strictly instead: one that is not well-formed gives nil.
/// XPath expressions may use the prefixes in `namespaces`.
package final class HTMLDocument {
    private let document: htmlDocPtr

    static let namespaces = [
        "atom": "http://www.w3.org/2005/Atom",
        "media": "http://search.yahoo.com/mrss/",
        "sitemap": "http://www.sitemaps.org/schemas/sitemap/0.9",
    ]

    package convenience init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }

    package init?(data: Data) {
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        let parsed = data.withUnsafeBytes { buffer in
            htmlReadMemory(buffer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(buffer.count), nil, "utf-8", options)
        }
        guard let parsed else { return nil }
        document = parsed
    }

    package init?(xml data: Data) {
        let options = Int32(XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NONET.rawValue)
        let parsed = data.withUnsafeBytes { buffer in
            xmlReadMemory(buffer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(buffer.count), nil, nil, options)
        }
        guard let parsed else { return nil }
        document = parsed
    }

    package convenience init?(xmlPath path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(xml: data)
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// The string values (text content or attribute values) of the nodes an XPath selects.
    package func values(_ xpath: String) -> [String] {
        guard let context = xmlXPathNewContext(document) else { return [] }
        defer { xmlXPathFreeContext(context) }
        for (prefix, uri) in Self.namespaces {
            xmlXPathRegisterNs(context, prefix, uri)
        }
        let evaluated = xpath.withCString { expression in
            xmlXPathEvalExpression(UnsafeRawPointer(expression).assumingMemoryBound(to: xmlChar.self), context)
        }
        guard let result = evaluated else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard let nodes = result.pointee.nodesetval, nodes.pointee.nodeNr > 0 else { return [] }
        return (0..<Int(nodes.pointee.nodeNr)).compactMap { index in
            guard let node = nodes.pointee.nodeTab[index], let content = xmlNodeGetContent(node) else { return nil }
            defer { free(content) }
            return String(cString: content)
        }
    }

    package func count(_ xpath: String) -> Int { values(xpath).count }

    package func text(_ xpath: String) -> String? {
        values(xpath).first?.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Every URL in href and src attributes.
    package var links: [String] { values("//@href | //@src") }
}
