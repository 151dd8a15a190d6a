import TimelineContent
import TimelineModel

/// A part of an Instagram export that the reader left out, and why: the export file it is in
/// and its place there (a JSON path, or the line and column of JSON that is not well-formed).
/// The rest of the export is read.
public struct InstagramIssue: Sendable, CustomStringConvertible {
    /// The export's file (`your_instagram_activity/content/posts_1.json`), or the entry or
    /// path the issue is about when it is not in a JSON file.
    public let file: String
    /// Where it stands in `file`; the root for the file as a whole.
    public let path: JSONPath
    /// For JSON that is not well-formed: where the parser stopped (1-based; columns count
    /// Unicode scalars).
    public let line: Int?
    public let column: Int?
    /// What was left out: "this post", "this media item", "this follow", "the profile"...
    public let skipped: String
    public let reason: String

    public init(file: String, _ path: JSONPath = .root, line: Int? = nil, column: Int? = nil, skipped: String, _ reason: String) {
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.skipped = skipped
        self.reason = reason
    }

    /// An issue raised by the shared JSON helpers (`ExportObject`), placed in `file`.
    init(file: String, _ issue: ImportIssue) {
        self.init(file: file, issue.path, skipped: issue.skipped, issue.reason)
    }

    /// `posts_1.json /0/media/1/uri: skipped this media item: …`, or
    /// `posts_1.json:3:14: skipped this file: malformed JSON: …`.
    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): skipped \(skipped): \(reason)" }
        return "\(file) \(path): skipped \(skipped): \(reason)"
    }
}
