import TimelineContent
import TimelineModel
import TimelineTemplates

/// Rewrites a rendered page's internal links to be relative to the page (`site.json`
/// `relativeURLs`), so the same output works at any path of any host and opened from a folder.
///
/// Templates and contexts keep making root-relative URLs (`/photos/p/ID/`), which keeps every
/// card and row the same bytes on every page (the render stage renders each once); this pass
/// then runs over each finished page. It reads the page as HTML tokens: only the values of URL
/// attributes (`href`, `src`, `srcset`, `imagesrcset`, `action`, `formaction`, `poster`,
/// `cite`, `data-manifest` and any `data-…-url`) that start with the base path are touched,
/// never text, comments, scripts or styles. A link to a folder gets `index.html`, because a
/// browser opening files does not look for it.
package struct RelativeLinks: Sendable {
    /// The base path as it appears in an attribute value (HTML-escaped).
    private let basePath: [UInt8]

    init(basePath: String) {
        self.basePath = HTMLEscape.escaped(basePath)
    }

    /// The page's HTML with its internal links relative to `pageFolder`, the page's folder as a
    /// URL path under the base path (`u/han/`, empty for the home page).
    func rewrite(_ html: [UInt8], pageFolder: String) -> [UInt8] {
        let from = RelativeURL(folder: pageFolder)
        return html.withUnsafeBufferPointer { page in
            basePath.withUnsafeBufferPointer { base in
                var scanner = HTMLAttributeScanner(page)
                var result: [UInt8] = []
                var copied = 0
                while let attribute = scanner.nextAttribute() {
                    guard let value = attribute.value, let kind = Self.kind(of: UnsafeBufferPointer(rebasing: page[attribute.name])) else { continue }
                    let text = UnsafeBufferPointer(rebasing: page[value])
                    if result.isEmpty { result.reserveCapacity(page.count + page.count / 8) }
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: page[copied..<value.lowerBound]))
                    switch kind {
                    case .single: appendRelative(text, base: base, from: from, into: &result)
                    case .candidates: appendRelativeCandidates(text, base: base, from: from, into: &result)
                    }
                    copied = value.upperBound
                }
                if copied == 0 { return html }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: page[copied...]))
                return result
            }
        }
    }

    private enum Kind {
        /// One URL.
        case single
        /// A `srcset`: URLs each followed by a descriptor, separated by commas.
        case candidates
    }

    private static func kind(of name: UnsafeBufferPointer<UInt8>) -> Kind? {
        switch name.count {
        case 3: return equal(name, "src") ? .single : nil
        case 4: return equal(name, "href") || equal(name, "cite") ? .single : nil
        case 6: return equal(name, "action") || equal(name, "poster") ? .single : equal(name, "srcset") ? .candidates : nil
        case 10: return equal(name, "formaction") ? .single : nil
        case 11: return equal(name, "imagesrcset") ? .candidates : nil
        default:
            guard name.count > 9, startsWith(name, "data-") else { return nil }
            return equal(UnsafeBufferPointer(rebasing: name[(name.count - 4)...]), "-url") || equal(name, "data-manifest") ? .single : nil
        }
    }

    /// `value` relative to the page when it is a link into the site, else as it is.
    private func appendRelative(_ value: UnsafeBufferPointer<UInt8>, base: UnsafeBufferPointer<UInt8>, from folder: RelativeURL, into output: inout [UInt8]) {
        // With the base path `/`, `//host/…` is a link to another site.
        guard value.starts(with: base), value.count == base.count || value[base.count] != UInt8(ascii: "/") else {
            output.append(contentsOf: value)
            return
        }
        let rest = UnsafeBufferPointer(rebasing: value[base.count...])
        let end = rest.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.count
        folder.appendPath(to: UnsafeBufferPointer(rebasing: rest[..<end]), into: &output)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: rest[end...]))
    }

    private func appendRelativeCandidates(
        _ value: UnsafeBufferPointer<UInt8>, base: UnsafeBufferPointer<UInt8>, from folder: RelativeURL, into output: inout [UInt8]
    ) {
        var index = 0
        var copied = 0
        while index < value.count {
            while index < value.count, value[index] == UInt8(ascii: ",") || HTMLAttributeScanner.isSpace(value[index]) { index += 1 }
            let start = index
            while index < value.count, !HTMLAttributeScanner.isSpace(value[index]) { index += 1 }
            var end = index
            while end > start, value[end - 1] == UInt8(ascii: ",") { end -= 1 }
            if start < end {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: value[copied..<start]))
                appendRelative(UnsafeBufferPointer(rebasing: value[start..<end]), base: base, from: folder, into: &output)
                copied = end
            }
            while index < value.count, value[index] != UInt8(ascii: ",") { index += 1 }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: value[copied...]))
    }

    /// Whether `name` is `lowercase` in any case.
    private static func equal(_ name: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        name.count == lowercase.utf8CodeUnitCount && startsWith(name, lowercase)
    }

    private static func startsWith(_ name: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        let count = lowercase.utf8CodeUnitCount
        guard name.count >= count else { return false }
        let pattern = lowercase.utf8Start
        for index in 0..<count where HTMLAttributeScanner.lowercased(name[index]) != pattern[index] { return false }
        return true
    }
}
