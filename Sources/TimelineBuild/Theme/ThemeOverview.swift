import TimelineModel
import TimelineSite
import TimelineSystem

/// What `timeline check` and `timeline theme list` say of a site's theme: which files of the
/// built-in theme the site's templates folder replaces, which it holds unchanged, and which it
/// adds.
public struct ThemeOverview: Sendable {
    public enum Status: String, Sendable {
        /// The built-in file, which the site does not replace.
        case builtIn = "built-in"
        /// The site's file replaces the built-in one and differs from it.
        case overridden
        /// The site holds a copy of the built-in file, byte for byte.
        case copied = "copy of the built-in"
        /// The site's file, which the built-in theme does not have.
        case added = "the site's own"
    }

    /// How the site's templates folder is shown, ending with `/`.
    public let folder: String
    /// Every file of the theme, relative to it, with its status, sorted.
    public let files: [(path: String, status: Status)]

    public init(options: BuildOptions) {
        self.init(ThemeFiles(options.layout.templates))
    }

    init(_ theme: ThemeFiles) {
        folder = theme.displayPrefix
        files = theme.paths.map { path in
            guard let sitePath = theme.sitePath(of: path) else { return (path, .builtIn) }
            guard let builtIn = BuiltInTheme.bytes(of: path) else { return (path, .added) }
            return (path, (try? FileSystem.readBytes(sitePath)) == builtIn ? .copied : .overridden)
        }
    }

    public func paths(_ status: Status) -> [String] { files.filter { $0.status == status }.map(\.path) }

    /// One line: the built-in theme as it is, or which of its files the site replaces and adds.
    public var summary: String {
        let overridden = paths(.overridden)
        let added = paths(.added)
        let copied = paths(.copied)
        var parts: [String] = []
        if !overridden.isEmpty { parts.append("\(folder) overrides \(Self.count(overridden)): \(overridden.joined(separator: ", "))") }
        if !added.isEmpty { parts.append("adds \(Self.count(added)): \(added.joined(separator: ", "))") }
        if !copied.isEmpty { parts.append("holds \(Self.count(copied)) the same as the built-in") }
        return parts.isEmpty ? "Theme: the built-in theme as it is" : "Theme: the built-in theme; " + parts.joined(separator: "; ")
    }

    private static func count(_ paths: [String]) -> String { paths.count == 1 ? "1 file" : "\(paths.count) files" }
}
