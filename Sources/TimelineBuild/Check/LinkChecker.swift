import CLibXML2
import Foundation
import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem
import TimelineTemplates

/// `timeline check --links`: parses every HTML file of a built site with libxml2's HTML
/// parser and reports each internal link, image, stylesheet or script that points to no
/// file of the site. External URLs (with a scheme or `//`) and same-page fragments are not
/// followed; a URL outside the site's base path counts as broken. In a relative build
/// (`relativeURLs`), a root-relative link or one to a folder counts as broken too, on every page
/// but the 404 page: neither works when the site is opened from a folder.
public enum LinkChecker {
    /// The attributes that name another file of the site.
    static let xpath = "//a/@href | //link/@href | //img/@src | //img/@srcset | //source/@srcset | //script/@src | //form/@action | //*/@data-manifest"

    /// Checks the output folder of `options`; a missing folder is one error.
    public static func check(_ options: BuildOptions, basePath: String, relative: Bool = false) async -> [Diagnostic] {
        let output = options.layout.output
        guard FileSystem.resolvedKind(of: output.absolute) == .directory else {
            return [.error(.brokenLink, stage: .links, at: SourceLocation(path: output.shown), "there is no built site to check; run timeline build first")]
        }
        return await check(output, basePath: basePath, relative: relative)
    }

    /// One diagnostic per broken reference, sorted by file and line.
    static func check(_ output: SitePath, basePath: String, relative: Bool = false) async -> [Diagnostic] {
        let outputRoot = output.absolute
        let pages = FileSystem.files(below: outputRoot).filter { $0.hasSuffix(".html") }
        let found = await ParallelMap.chunks(count: pages.count) { range in
            range.flatMap { index in
                references(in: outputRoot + "/" + pages[index]).compactMap { reference -> Diagnostic? in
                    let relative = relative && pages[index] != SitePaths.notFoundFile
                    guard let problem = problem(reference.url, page: pages[index], outputRoot: outputRoot, basePath: basePath, relative: relative) else {
                        return nil
                    }
                    return .error(
                        .brokenLink, stage: .links, at: SourceLocation(path: output.appending(pages[index]).shown, line: reference.line),
                        "\(reference.attribute) \"\(reference.url)\" \(problem)")
                }
            }
        }
        return found.flatMap { $0 }.sorted { $0.location < $1.location }
    }

    struct Reference {
        let attribute: String
        let url: String
        let line: Int
    }

    /// Each URL a page names, with the line of its element; a `srcset` gives one per candidate.
    static func references(in path: String) -> [Reference] {
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        guard let document = htmlReadFile(path, "utf-8", options) else { return [] }
        defer { xmlFreeDoc(document) }
        guard let context = xmlXPathNewContext(document) else { return [] }
        defer { xmlXPathFreeContext(context) }
        guard let result = xmlXPathEvalExpression(xpath, context) else { return [] }
        defer { xmlXPathFreeObject(result) }
        var references: [Reference] = []
        guard let nodes = result.pointee.nodesetval else { return [] }
        for index in 0..<Int(nodes.pointee.nodeNr) {
            // An attribute node's value is its text child (the HTML parser makes one).
            guard let attribute = nodes.pointee.nodeTab[index], let element = attribute.pointee.parent,
                let value = attribute.pointee.children?.pointee.content
            else { continue }
            let name = String(cString: attribute.pointee.name)
            let text = String(cString: value)
            let line = Int(xmlGetLineNo(element))
            let urls =
                name == "srcset"
                ? text.split(separator: ",").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
                : [text.trimmingCharacters(in: .whitespaces)]
            references += urls.map { Reference(attribute: name, url: $0, line: line) }
        }
        return references
    }

    /// Why `url` on `page` (relative to the output root) points to nothing; nil when it is
    /// fine or not the site's to check.
    static func problem(_ url: String, page: String, outputRoot: String, basePath: String, relative: Bool = false) -> String? {
        var target = Substring(url)
        if let cut = target.firstIndex(where: { $0 == "#" || $0 == "?" }) { target = target[..<cut] }
        if target.isEmpty || target.hasPrefix("//") || hasScheme(target) { return nil }
        if relative, target.hasPrefix("/") {
            return "is root-relative, which a relative build cannot have: it breaks opened from a folder or served at another path"
        }
        let folder = Path.parent(of: page)
        let pageFolder = basePath + (folder == "." ? "" : folder + "/")
        let absolute = target.hasPrefix("/") ? String(target) : pageFolder + target
        guard let resolved = removingDotSegments(absolute) else { return "climbs above the site root" }
        guard resolved.hasPrefix(basePath) else { return "is outside the site (base path \(basePath))" }
        guard let path = String(resolved.dropFirst(basePath.count)).removingPercentEncoding else { return "is not a valid URL path" }
        let file = outputRoot + "/" + path
        switch FileSystem.kind(of: file) {
        case .file: return nil
        case .directory:
            let hasIndex = FileSystem.kind(of: file + (path.hasSuffix("/") || path.isEmpty ? "" : "/") + "index.html") == .file
            guard hasIndex else { return "is a folder without index.html" }
            return relative ? "is a folder, which a browser opening files shows as a listing: a relative build links to its index.html" : nil
        default: return "points to nothing"
        }
    }

    static func hasScheme(_ text: Substring) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isLetter else { return false }
        return text[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    /// RFC 3986 dot-segment removal on an absolute path; nil when `..` climbs above `/`.
    static func removingDotSegments(_ path: String) -> String? {
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                guard !output.isEmpty else { return nil }
                output.removeLast()
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/")
    }
}
