import TimelineContent
import TimelineModel

/// The authoring commands as library calls: each checks its references, changes the content
/// folder in one `ContentTransaction` under the folder's lock, verifies what it wrote with the
/// loader's readers, and either succeeds whole or leaves every file as it was.
public struct ContentAuthor: Sendable {
    public let folder: ContentFolder
    /// Makes the IDs of new posts, comments and likes; one author's IDs always increase.
    var ids = PushIDGenerator()

    public init(folder: ContentFolder) {
        self.folder = folder
    }
}

/// What an authoring command did.
public struct AuthoringResult: Sendable {
    /// One line for the person who ran it.
    public let summary: String
    /// The ID of the post, comment or like it made, if any.
    public let id: String?
    /// The file or folder it made or changed, as shown to people.
    public let path: String?
    /// False when the content already was as asked (a second `like`), and nothing was written.
    public let changed: Bool
    /// The loader's warnings about what was written (a post without alt text).
    public let warnings: [Diagnostic]
    /// For a dry run, each file the change would write or remove (`write Content/users/bob.json`);
    /// nothing was changed.
    public let plan: [String]

    init(_ summary: String, id: String? = nil, path: String? = nil, changed: Bool = true, warnings: [Diagnostic] = [], plan: [String] = []) {
        self.summary = summary
        self.id = id
        self.path = path
        self.changed = changed
        self.warnings = warnings
        self.plan = plan
    }

    /// A dry run's result: what the change would do (`plan`, from `ContentTransaction.abandon`),
    /// and nothing changed.
    static func dryRun(_ summary: String, id: String?, path: String, warnings: [Diagnostic] = [], plan: [String]) -> AuthoringResult {
        AuthoringResult("Dry run, nothing changed: " + summary, id: id, path: path, changed: false, warnings: warnings, plan: plan)
    }
}
