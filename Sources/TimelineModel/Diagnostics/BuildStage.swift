/// The stages of the pipeline, in the order a build runs them.
public enum BuildStage: String, Sendable, CaseIterable {
    case load
    case validate
    /// Post videos through FFmpeg, before the images stage makes their posters' sizes.
    case videos
    case images
    case timelines
    case search
    case render
    case feeds
    case write
    /// `timeline check --links`, over a written site.
    case links
}
