import Foundation

/// The default theme, compiled into the tool from the repository's `Templates/` folder (the
/// `EmbedBuiltInTheme` plugin). A site's own templates folder overrides it file by file.
public enum BuiltInTheme {
    enum EmbeddedContent {
        case text(String)
        case base64(String)
    }

    /// How the diagnostics name a file of the built-in theme.
    public static let displayPrefix = "(built-in theme)/"

    /// Every file's path relative to the theme folder, sorted byte-wise.
    public static let paths: [String] = embeddedFiles.map(\.path)

    private static let contents: [String: EmbeddedContent] = Dictionary(embeddedFiles.map { ($0.path, $0.content) }) { first, _ in first }

    /// Whether the built-in theme has a file at `path`, without decoding it.
    public static func contains(_ path: String) -> Bool { contents[path] != nil }

    /// The bytes of the file at `path` (relative to the theme folder), nil if there is none.
    public static func bytes(of path: String) -> [UInt8]? {
        switch contents[path] {
        case .text(let text): Array(text.utf8)
        case .base64(let encoded): Data(base64Encoded: encoded).map { Array($0) }
        case nil: nil
        }
    }
}
