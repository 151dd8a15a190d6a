public enum TimelineVersion {
    /// Where the tool's source is published: the workflow `timeline init` writes builds this
    /// repository at the tag of the version that wrote it (docs/ci.md).
    public static let sourceRepository = "https://github.com/timeline-photos/timeline"
    /// The tag of this version in `sourceRepository`.
    public static var tag: String { "v" + current }
    public static let current = "0.1.0"
}
