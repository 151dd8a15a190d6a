import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// One source image to process, and where its files go.
package struct ImageJob: Sendable {
    let purpose: ImagePlan.Purpose
    let asset: ContentAsset
    /// The source file (shown as `Content/posts/<id>/photo.jpg`).
    let source: SitePath
    /// `p/<id>/` or `u/<username>/`.
    let outputFolder: String
    /// The start of every published file's name (`rocket`, `avatar`).
    package let stem: String
    /// Whose image this is, for messages: `post -K25Fj8qrMAtxXG3QCSn`.
    let owner: String
}

/// What makes two jobs' work the same: the same source bytes (whatever their paths, hard links
/// and copies alike) made into the same files. The settings are the build's, so the purpose is
/// all that differs: a post photo and an avatar from one file are two recipes.
package struct SourceRecipe: Hashable, Sendable {
    package let digest: String
    let purpose: ImagePlan.Purpose
}
