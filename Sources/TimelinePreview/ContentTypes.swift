/// The media type a served file is sent with, from its file extension. Text types name UTF-8,
/// which is what the build writes.
public enum ContentTypes {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "xml": "application/xml; charset=utf-8",
        "atom": "application/atom+xml; charset=utf-8",
        "rss": "application/rss+xml; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "svg": "image/svg+xml",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "png": "image/png",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "pdf": "application/pdf",
        "webmanifest": "application/manifest+json",
        "map": "application/json",
    ]

    /// Anything unknown is sent as bytes, which browsers do not sniff into HTML.
    public static let fallback = "application/octet-stream"

    /// The type for a file name: `feed.xml` → `application/xml; charset=utf-8`.
    public static func type(forFileName name: String) -> String {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return fallback }
        let fileExtension = String(name[name.index(after: dot)...]).lowercased()
        return byExtension[fileExtension] ?? fallback
    }

    public static func isHTML(_ type: String) -> Bool {
        type.hasPrefix("text/html")
    }
}
