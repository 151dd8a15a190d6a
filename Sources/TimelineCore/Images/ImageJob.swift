/// One source image to process, and where its files go.
struct ImageJob: Sendable {
    let purpose: ImagePlan.Purpose
    let asset: ContentAsset
    /// Absolute path of the source file.
    let sourcePath: String
    /// The source as diagnostics show it (`Content/posts/<id>/photo.jpg`).
    let displayPath: String
    /// `p/<id>/` or `u/<username>/`.
    let outputFolder: String
    /// The start of every published file's name (`rocket`, `avatar`).
    let stem: String
    /// Whose image this is, for messages: `post -K25Fj8qrMAtxXG3QCSn`.
    let owner: String
}
