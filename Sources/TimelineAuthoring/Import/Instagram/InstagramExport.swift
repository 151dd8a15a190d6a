/// Everything the reader took from an Instagram export, and what it left out.
public struct InstagramExport: Sendable {
    /// nil when the export has no readable profile (each reason is among `issues`).
    public let profile: InstagramProfile?
    /// By time, then by place in the export (file, then position in it).
    public let posts: [InstagramPost]
    /// Usernames the person follows, in the export's order, each once, with where each is named.
    public let following: [InstagramFollow]
    /// What was left out, in the order it was met.
    public let issues: [InstagramIssue]
}
