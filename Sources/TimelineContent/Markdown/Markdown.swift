import CCmark
import TimelineModel
import TimelineSystem

/// Captions, comments and bios to HTML through libcmark, with raw HTML suppressed (cmark's
/// safe mode) and, beyond what cmark drops, every link or image whose scheme is not http,
/// https or mailto turned back into plain text. Headings move down three levels so that a
/// caption's `#` never competes with the page's own headings.
public enum Markdown {
    static let allowedLinkSchemes: Set<String> = ["http", "https", "mailto"]

    /// The version of the libcmark the tool runs with.
    package static var libraryVersion: String { String(cString: cmark_version_string()) }
    static let allowedImageSchemes: Set<String> = ["http", "https"]

    /// How a caption's hashtags and mentions become links: the URL of a tag's page (by its
    /// key), and of a user's profile (nil when there is no such user: the name stays text).
    package struct CaptionLinks: Sendable {
        package let tagURL: @Sendable (String) -> String
        package let profileURL: @Sendable (String) -> String?

        package init(tagURL: @escaping @Sendable (String) -> String, profileURL: @escaping @Sendable (String) -> String?) {
            self.tagURL = tagURL
            self.profileURL = profileURL
        }
    }

    /// Safe HTML for a piece of Markdown; with `links`, its hashtags and mentions are links.
    package static func html(_ markdown: String, links: CaptionLinks?) -> String {
        withDocument(markdown) { document -> String in
            sanitise(document)
            if let links { link(document, links) }
            guard let rendered = cmark_render_html(document, CMARK_OPT_DEFAULT) else { return "" }
            defer { CMemory.free(rendered) }
            return String(cString: rendered)
        } ?? ""
    }

    /// Safe HTML for a piece of Markdown.
    public static func html(_ markdown: String) -> String {
        html(markdown, links: nil)
    }

    /// The hashtags (as written, without `#`) and mentioned usernames of a caption, in order:
    /// those in its text, not in code, links, images or HTML.
    package static func references(_ markdown: String) -> (hashtags: [String], mentions: [String]) {
        withDocument(markdown) { document in
            var hashtags: [String] = []
            var mentions: [String] = []
            for node in scannableTextNodes(document) {
                guard let literal = cmark_node_get_literal(node) else { continue }
                for piece in CaptionScanner.pieces(of: Substring(String(cString: literal)), after: characterBefore(node)) {
                    switch piece {
                    case .hashtag(let tag): hashtags.append(String(tag))
                    case .mention(let name): mentions.append(String(name))
                    case .text: break
                    }
                }
            }
            return (hashtags, mentions)
        } ?? ([], [])
    }

    /// The text nodes a reader sees as words: not inside a link or an image (code and HTML are
    /// nodes of their own).
    private static func scannableTextNodes(_ document: OpaquePointer) -> [OpaquePointer] {
        var nodes: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var linkDepth = 0
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                linkDepth += event == CMARK_EVENT_ENTER ? 1 : -1
            } else if type == CMARK_NODE_TEXT, event == CMARK_EVENT_ENTER, linkDepth == 0 {
                nodes.append(node)
            }
        }
        return nodes
    }

    /// The last character of the text node just before, when the text runs on from it.
    private static func characterBefore(_ node: OpaquePointer) -> Character? {
        guard let previous = cmark_node_previous(node), cmark_node_get_type(previous) == CMARK_NODE_TEXT,
            let literal = cmark_node_get_literal(previous)
        else { return nil }
        return String(cString: literal).last
    }

    /// Replaces each hashtag and known mention in the document's text by a link.
    private static func link(_ document: OpaquePointer, _ links: CaptionLinks) {
        for node in scannableTextNodes(document) {
            guard let literal = cmark_node_get_literal(node) else { continue }
            let text = String(cString: literal)
            let pieces = CaptionScanner.pieces(of: Substring(text), after: characterBefore(node))
            guard pieces.contains(where: { if case .text = $0 { false } else { true } }) else { continue }
            var pending = ""
            func flush() {
                guard !pending.isEmpty, let textNode = textNode(pending) else { return }
                cmark_node_insert_before(node, textNode)
                pending = ""
            }
            for piece in pieces {
                switch piece {
                case .text(let run):
                    pending += run
                case .hashtag(let tag):
                    flush()
                    insertLink(before: node, url: links.tagURL(CaptionScanner.tagKey(tag)), text: "#" + tag)
                case .mention(let name):
                    if let url = links.profileURL(String(name)) {
                        flush()
                        insertLink(before: node, url: url, text: "@" + name)
                    } else {
                        pending += "@" + name
                    }
                }
            }
            flush()
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
    }

    private static func textNode(_ text: String) -> OpaquePointer? {
        guard let node = cmark_node_new(CMARK_NODE_TEXT) else { return nil }
        cmark_node_set_literal(node, text)
        return node
    }

    private static func insertLink(before node: OpaquePointer, url: String, text: String) {
        guard let link = cmark_node_new(CMARK_NODE_LINK), let label = textNode(text) else { return }
        cmark_node_set_url(link, url)
        cmark_node_append_child(link, label)
        cmark_node_insert_before(node, link)
    }

    /// The text of a piece of Markdown without any markup, whitespace folded, for page
    /// descriptions and excerpts; cut at a word boundary near `limit` characters.
    public static func plainText(_ markdown: String, limit: Int = 200) -> String {
        let whole = text(markdown)
        if let ascii = asciiPlainText(whole, limit: limit) { return ascii }
        let folded = whole.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard folded.count > limit else { return folded }
        let cut = folded.prefix(limit)
        let atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return atWord + "…"
    }

    /// `plainText` of ASCII text, byte by byte, which is character by character there once the
    /// whitespace (tab to carriage return, and space) is folded; nil for other text. Splitting
    /// by `Character` cost more than rendering the Markdown.
    private static func asciiPlainText(_ text: String, limit: Int) -> String? {
        var folded: [UInt8] = []
        folded.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte) {
                pendingSpace = !folded.isEmpty
                continue
            }
            if pendingSpace { folded.append(UInt8(ascii: " ")) }
            pendingSpace = false
            folded.append(byte)
        }
        guard folded.count > limit else { return String(decoding: folded, as: UTF8.self) }
        let cut = folded[..<limit]
        let atWord = cut.lastIndex(of: UInt8(ascii: " ")).map { cut[..<$0] } ?? cut
        return String(decoding: atWord, as: UTF8.self) + "…"
    }

    /// All the text a reader sees (text, inline code, code blocks, image descriptions), with
    /// a space between blocks and for line breaks; link targets and markup left out.
    public static func text(_ markdown: String) -> String {
        withDocument(markdown) { document in
            var text = ""
            guard let iterator = cmark_iter_new(document) else { return "" }
            defer { cmark_iter_free(iterator) }
            while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
                guard let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                if event == CMARK_EVENT_ENTER, type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK,
                    let literal = cmark_node_get_literal(node)
                {
                    text += String(cString: literal)
                } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
                    || (event == CMARK_EVENT_EXIT && (type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_ITEM))
                {
                    text += " "
                }
            }
            return text
        } ?? ""
    }

    /// nil only if cmark cannot allocate a document.
    private static func withDocument<Result>(_ markdown: String, _ body: (OpaquePointer) -> Result) -> Result? {
        var source = markdown
        let document = source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                cmark_parse_document(characters.baseAddress, characters.count, CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8)
            }
        }
        guard let document else { return nil }
        defer { cmark_node_free(document) }
        return body(document)
    }

    private static func sanitise(_ document: OpaquePointer) {
        var unsafeNodes: [OpaquePointer] = []
        var headings: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(document) else { return }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK:
                if !isAllowed(url: cmark_node_get_url(node), schemes: allowedLinkSchemes) { unsafeNodes.append(node) }
            case CMARK_NODE_IMAGE:
                if !isAllowed(url: cmark_node_get_url(node), schemes: allowedImageSchemes) { unsafeNodes.append(node) }
            case CMARK_NODE_HEADING:
                headings.append(node)
            default:
                break
            }
        }
        cmark_iter_free(iterator)
        for heading in headings {
            cmark_node_set_heading_level(heading, min(6, cmark_node_get_heading_level(heading) + 3))
        }
        for node in unsafeNodes {
            replaceWithChildren(node)
        }
    }

    /// Keeps a link's text but drops the link itself.
    private static func replaceWithChildren(_ node: OpaquePointer) {
        while let child = cmark_node_first_child(node) {
            cmark_node_insert_before(node, child)
        }
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    /// Relative URLs (no scheme) and the listed schemes are allowed.
    static func isAllowed(url pointer: UnsafePointer<CChar>?, schemes: Set<String>) -> Bool {
        guard let pointer else { return true }
        return isAllowed(url: String(cString: pointer), schemes: schemes)
    }

    static func isAllowed(url: String, schemes: Set<String>) -> Bool {
        let trimmed = url.drop { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true }
        guard let colon = trimmed.firstIndex(of: ":") else { return true }
        let beforeColon = trimmed[..<colon]
        if beforeColon.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return true }
        return schemes.contains(beforeColon.lowercased())
    }
}
