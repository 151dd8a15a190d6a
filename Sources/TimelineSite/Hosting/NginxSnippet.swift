import TimelineContent
import TimelineModel
import TimelineTemplates

/// `timeline.nginx.conf`: the site's rules for nginx, to `include` inside a `server` block
/// whose `root` holds the site at its base path (the contents of `Output/` in
/// `<root>/photos/` for the base path `/photos/`). One `location` for the base path sends
/// `Cache-Control: no-cache` and answers a missing file with the 404 page; nested locations,
/// which replace the outer `add_header`, mark the hashed files immutable. Regular expressions
/// let nginx match exactly the hashed names, so published originals are never among them.
package enum NginxSnippet {
    package static let name = "timeline.nginx.conf"

    package static func text(_ policy: CachePolicy, precompressed: Bool) -> String {
        let base = policy.basePath
        var lines = [
            "# Written by timeline (site.json \"host\": \"nginx\"): do not edit, it is rewritten by every build.",
            "# Include it in a server block whose root holds the site at \(base), e.g.",
            "#     server { listen 80; root /srv/www; include /srv/www\(base)\(name); }",
            "location \(base) {",
            "    index index.html;",
            "    try_files $uri $uri/ =404;",
            "    error_page 404 \(base)\(SitePaths.notFoundFile);",
            "    add_header Cache-Control \"\(CachePolicy.revalidate)\";",
        ]
        if precompressed {
            lines += [
                "    # The .gz and .br files the build wrote beside each page, script and index file.",
                "    gzip_static on;",
                "    gzip_vary on;",
                "    # Needs nginx's brotli module (Debian: apt-get install libnginx-mod-http-brotli-static).",
                "    brotli_static on;",
            ]
        }
        lines.append("    # Files named by their content never change at their URL: kept for a year.")
        for files in policy.hashed {
            lines.append("    location \(location(files, basePath: base)) {")
            lines.append("        add_header Cache-Control \"\(CachePolicy.immutable)\";")
            lines.append("    }")
        }
        lines += [
            "    # This file, if it is published with the site, is not for visitors.",
            "    location = \(base)\(name) {",
            "        return 404;",
            "    }",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func location(_ files: CachePolicy.HashedFiles, basePath: String) -> String {
        switch files {
        case .below(let folder):
            "^~ \(basePath)\(folder)"
        case .named(let folder, let fileExtension):
            "~ \"^\(escaped(basePath + folder))[^/]+/[^/]+\\.[0-9a-f]{\(ImageProcessor.nameDigestLength)}\\.\(escaped(fileExtension))$\""
        case .single(let stem, let fileExtension):
            "~ \"^\(escaped(basePath + stem))\\.[0-9a-f]+\\.\(escaped(fileExtension))$\""
        }
    }

    /// A literal path in a regular expression (written in double quotes, which nginx needs for
    /// `{`): every character but letters, digits, `/`, `-` and `_` escaped; the base path and
    /// extensions hold nothing else in practice.
    private static func escaped(_ literal: String) -> String {
        var result = ""
        for character in literal {
            if character.isASCII, character.isLetter || character.isNumber || "/-_".contains(character) {
                result.append(character)
            } else {
                result += "\\" + String(character)
            }
        }
        return result
    }
}
