/// A stable name for each kind of problem, so tools and tests need not match message text.
public enum DiagnosticCode: String, Sendable, Hashable {
    case unreadableFile
    case malformedJSON
    case malformedYAML
    case missingFrontMatter
    case unknownKey
    case missingKey
    case wrongType
    case invalidValue
    case invalidUsername
    case usernameMismatch
    case duplicateUsername
    case invalidID
    case duplicateID
    case unknownUser
    case unsafeURL
    case missingPhoto
    case ambiguousPhoto
    /// A photo file in a post folder whose `photos:` list does not name it.
    case unnamedPhoto
    /// One file named twice in a post's `photos:` list.
    case duplicatePhoto
    /// More than `PostPhoto.limit` photos in one post.
    case tooManyPhotos
    case unreadablePhoto
    case photoOutsidePost
    case fileOutsideContent
    case photoTooLarge
    case undecodablePhoto
    case imageCacheError
    case emptyComment
    case selfFollow
    case duplicateFollow
    case duplicateLike
    case missingAltText
    case invalidDate
    case templateError
    case missingTemplate
    case outputError
    case unsafeOutputLocation
    case brokenLink
}
