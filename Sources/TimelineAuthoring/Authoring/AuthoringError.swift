import TimelineContent
import TimelineModel
import TimelineSystem

/// Why an authoring command changed nothing. `location` names the file (and line and column,
/// when known) the problem concerns; `diagnostics` holds the loader's own findings when a file
/// the command had to read or rewrite breaks the content rules.
public struct AuthoringError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// An argument breaks a content rule (a username, an ID, an empty comment, a photo type).
        case invalidArgument
        case unknownUser
        case unknownPost
        case unknownComment
        case unknownAlbum
        /// The user, file or folder to create is there already.
        case alreadyExists
        /// The user to delete wrote posts, comments or likes, and deleting them was not asked for.
        case hasContent
        /// A file the command reads is not valid content; fix it first.
        case invalidContent
        /// Reading or writing failed.
        case fileSystem
    }

    public let reason: Reason
    public let location: SourceLocation?
    public let message: String
    public let diagnostics: [Diagnostic]

    public init(_ reason: Reason, at location: SourceLocation? = nil, _ message: String, diagnostics: [Diagnostic] = []) {
        self.reason = reason
        self.location = location
        self.message = message
        self.diagnostics = diagnostics
    }

    /// `path:line:column: error: message`, then the loader's diagnostics one a line.
    public var description: String {
        let head = location.map { "\($0): error: \(message)" } ?? "error: \(message)"
        return ([head] + diagnostics.map(\.description)).joined(separator: "\n")
    }

    static func fileSystem(_ failure: FileSystem.Failure, shownAs shown: String) -> AuthoringError {
        AuthoringError(.fileSystem, at: SourceLocation(path: shown), "cannot \(failure.operation): \(failure.reason)")
    }
}
