import TimelineContent
import TimelineModel

/// A record of the export, or a part of one, that the import left out, and why. The rest of
/// the import goes on; the command's exit status says that something was left out.
public struct ImportIssue: Sendable, CustomStringConvertible {
    /// Where it stands in the export.
    public let path: JSONPath
    /// What was left out: "this post", "this comment", "this follow", "this key"...
    public let skipped: String
    public let reason: String

    public init(_ path: JSONPath, skipped: String, _ reason: String) {
        self.path = path
        self.skipped = skipped
        self.reason = reason
    }

    /// `/posts/-K25…/comments/-K28…: skipped this comment: unknown user 'x'`.
    public var description: String {
        "\(path): skipped \(skipped): \(reason)"
    }
}
