import TimelineTemplates

/// Rewrites a rendered page's internal links to be relative to the page (`site.json`
/// `relativeURLs`), so the same output works at any path of any host and opened from a folder.
///
/// Templates and contexts keep making root-relative URLs (`/photos/p/ID/`), which keeps every
/// card and row the same bytes on every page (the render stage renders each once); this pass
/// then runs over each finished page. It reads the page as HTML tokens: only the values of URL
/// attributes (`href`, `src`, `srcset`, `action`, `formaction`, `poster`, `cite`,
/// `data-manifest` and any `data-…-url`) that start with the base path are touched, never text,
/// comments, scripts or styles. A link to a folder gets `index.html`, because a browser opening
/// files does not look for it.
struct RelativeLinks: Sendable {
    /// The base path as it appears in an attribute value (HTML-escaped).
    private let basePath: [UInt8]

    init(basePath: String) {
        self.basePath = HTMLEscape.escaped(basePath)
    }

    /// The page's HTML with its internal links relative to `pageFolder`, the page's folder as a
    /// URL path under the base path (`u/han/`, empty for the home page).
    func rewrite(_ html: [UInt8], pageFolder: String) -> [UInt8] {
        let from = RelativeURL.segments(of: pageFolder)
        var scanner = HTMLAttributeScanner(html)
        var result: [UInt8] = []
        var copied = 0
        while let attribute = scanner.nextAttribute() {
            guard let kind = Self.kind(of: html[attribute.name]), let value = attribute.value else { continue }
            let rewritten: [UInt8]?
            switch kind {
            case .single: rewritten = relative(html[value], from: from)
            case .candidates: rewritten = relativeCandidates(html[value], from: from)
            }
            guard let rewritten else { continue }
            if result.isEmpty { result.reserveCapacity(html.count + html.count / 8) }
            result.append(contentsOf: html[copied..<value.lowerBound])
            result.append(contentsOf: rewritten)
            copied = value.upperBound
        }
        if copied == 0 { return html }
        result.append(contentsOf: html[copied...])
        return result
    }

    private enum Kind {
        /// One URL.
        case single
        /// A `srcset`: URLs each followed by a descriptor, separated by commas.
        case candidates
    }

    private static func kind(of name: ArraySlice<UInt8>) -> Kind? {
        let name = String(decoding: name, as: UTF8.self).lowercased()
        switch name {
        case "href", "src", "action", "formaction", "poster", "cite", "data-manifest": return .single
        case "srcset", "imagesrcset": return .candidates
        default: return name.hasPrefix("data-") && name.hasSuffix("-url") ? .single : nil
        }
    }

    /// `value` relative to the page, or nil when it is not a link into the site.
    private func relative(_ value: ArraySlice<UInt8>, from folder: [Substring]) -> [UInt8]? {
        guard value.starts(with: basePath) else { return nil }
        let rest = value.dropFirst(basePath.count)
        // With the base path `/`, `//host/…` is a link to another site.
        if rest.first == UInt8(ascii: "/") { return nil }
        let end = rest.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
        let path = RelativeURL.path(to: String(decoding: rest[..<end], as: UTF8.self), from: folder)
        return Array(path.utf8) + rest[end...]
    }

    private func relativeCandidates(_ value: ArraySlice<UInt8>, from folder: [Substring]) -> [UInt8]? {
        var result: [UInt8] = []
        var changed = false
        var index = value.startIndex
        var copied = index
        while index < value.endIndex {
            while index < value.endIndex, value[index] == UInt8(ascii: ",") || HTMLAttributeScanner.isSpace(value[index]) { index += 1 }
            let start = index
            while index < value.endIndex, !HTMLAttributeScanner.isSpace(value[index]) { index += 1 }
            var end = index
            while end > start, value[end - 1] == UInt8(ascii: ",") { end -= 1 }
            if start < end, let rewritten = relative(value[start..<end], from: folder) {
                result.append(contentsOf: value[copied..<start])
                result.append(contentsOf: rewritten)
                copied = end
                changed = true
            }
            while index < value.endIndex, value[index] != UInt8(ascii: ",") { index += 1 }
        }
        guard changed else { return nil }
        result.append(contentsOf: value[copied...])
        return result
    }
}

/// Relative URL paths between folders of the site.
enum RelativeURL {
    /// A folder path's segments: `u/han/` is `u`, `han`.
    static func segments(of folder: String) -> [Substring] {
        folder.split(separator: "/")
    }

    /// The path from a page in `folder` to `target`, both relative to the site root; a folder
    /// target ends in `index.html`.
    static func path(to target: String, from folder: [Substring]) -> String {
        var parts = target.split(separator: "/", omittingEmptySubsequences: false)
        let file = parts.removeLast()
        var common = 0
        while common < parts.count, common < folder.count, parts[common] == folder[common] { common += 1 }
        var result = String(repeating: "../", count: folder.count - common)
        for part in parts[common...] {
            result += part
            result += "/"
        }
        result += file.isEmpty ? "index.html" : file
        // A first segment with a colon would read as a scheme (`a:b` is not a path).
        if let firstSlash = result.firstIndex(of: "/") ?? Optional(result.endIndex), result[..<firstSlash].contains(":") {
            result = "./" + result
        }
        return result
    }
}
