/// The stages of the pipeline, in the order a build runs them.
public enum BuildStage: String, Sendable, CaseIterable {
    case load
    case validate
    case images
    case timelines
    case search
    case render
    case feeds
    case write
    /// `timeline check --links`, over a written site.
    case links
}
