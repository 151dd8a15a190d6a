import TimelineContent
import TimelineModel
import TimelineTemplates

/// `_headers`, the header rules Netlify and Cloudflare Pages read from the root of the
/// published folder: a path pattern (`*` matches anything, `/` included), then indented
/// `Name: value` lines. A path that two rules match gets both rules' values for a header
/// joined, so the rules are written never to overlap: the hashed files' patterns and the
/// pages' patterns (folders, `.html`, `.xml`, the theme's assets) match different paths.
package enum HeadersFile {
    package static let name = "_headers"

    package static func text(_ policy: CachePolicy, host: HostKind) -> String {
        let base = policy.basePath
        var text =
            "# Written by timeline for \(host == .netlify ? "Netlify" : "Cloudflare Pages") (site.json \"host\"): do not edit, it is rewritten by every build.\n"
        text += "# Files named by their content never change at their URL: kept for a year.\n"
        for files in policy.hashed {
            guard let pattern = pattern(files, basePath: base, imagesAreAllHashed: policy.imagesAreAllHashed) else { continue }
            text += rule(pattern, cacheControl: CachePolicy.immutable)
        }
        text += "# Pages, feeds and the theme's assets: asked for again on every use.\n"
        for pattern in [base, base + "*/", base + "*.html", base + "*.xml", base + "assets/*"] {
            text += rule(pattern, cacheControl: CachePolicy.revalidate)
        }
        return text
    }

    private static func rule(_ pattern: String, cacheControl: String) -> String {
        "\(pattern)\n  Cache-Control: \(cacheControl)\n"
    }

    /// The pattern of some hashed files; nil for images when a pattern by extension would also
    /// match originals.
    private static func pattern(_ files: CachePolicy.HashedFiles, basePath: String, imagesAreAllHashed: Bool) -> String? {
        switch files {
        case .below(let folder): basePath + folder + "*"
        case .named(let folder, let fileExtension): imagesAreAllHashed ? basePath + folder + "*." + fileExtension : nil
        case .single(let stem, let fileExtension): basePath + stem + ".*." + fileExtension
        }
    }
}
