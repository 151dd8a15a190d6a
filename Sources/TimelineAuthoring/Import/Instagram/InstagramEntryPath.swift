import TimelineContent
import TimelineModel

/// A path inside an Instagram export, as its JSON files (`media/posts/202301/x.jpg`) and its
/// zip archive's entries name files: relative, `/`-separated, and never leaving the export.
/// A path that is absolute, steps up with `..`, or holds a NUL or a backslash is refused, so
/// nothing outside the export is ever named, let alone read.
public struct InstagramEntryPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The names from the export's root down; never empty, none `.`, `..` or empty.
    public let segments: [String]

    /// The path checked, or why it is refused. Empty segments and `.` are dropped
    /// (`media//a.jpg`, `./media/a.jpg`); a trailing `/` (a folder entry) is not a file.
    public static func checked(_ raw: String) -> Result<InstagramEntryPath, Refusal> {
        if raw.contains("://") { return .failure(.url) }
        if raw.hasPrefix("/") || raw.hasPrefix("~") { return .failure(.absolute) }
        if raw.unicodeScalars.contains(where: { $0 == "\0" || $0 == "\\" }) { return .failure(.forbiddenCharacter) }
        if raw.hasSuffix("/") { return .failure(.notAFile) }
        var segments: [String] = []
        for segment in raw.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == "." { continue }
            if segment == ".." { return .failure(.leavesTheExport) }
            segments.append(String(segment))
        }
        guard !segments.isEmpty else { return .failure(.empty) }
        // A Windows drive (`C:`) at the start is as absolute as a leading `/`.
        if let first = segments.first?.utf8, first.count == 2, first.last == UInt8(ascii: ":") { return .failure(.absolute) }
        return .success(InstagramEntryPath(segments: segments))
    }

    /// A path known to be well-formed (the reader's own constants).
    init(segments: [String]) {
        self.segments = segments
    }

    init?(_ raw: String) {
        guard case .success(let path) = Self.checked(raw) else { return nil }
        self = path
    }

    /// Why a path is refused.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case url
        case absolute
        case leavesTheExport
        case forbiddenCharacter
        case notAFile
        case empty

        public var description: String {
            switch self {
            case .url: "a URL, not a file in the export"
            case .absolute: "an absolute path names a file outside the export"
            case .leavesTheExport: "a '..' in the path leads outside the export"
            case .forbiddenCharacter: "the path holds a NUL or a backslash"
            case .notAFile: "the path names a folder"
            case .empty: "the path is empty"
            }
        }
    }

    public var description: String { segments.joined(separator: "/") }

    public var fileName: String { segments.last ?? "" }

    /// The path under `prefix` (an export zipped with its top folder).
    func under(_ prefix: [String]) -> InstagramEntryPath {
        InstagramEntryPath(segments: prefix + segments)
    }

    public static func < (left: InstagramEntryPath, right: InstagramEntryPath) -> Bool {
        left.description.utf8Precedes(right.description)
    }
}
