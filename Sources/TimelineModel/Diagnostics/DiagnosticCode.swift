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
    /// Two post folders, or two files of one post folder, whose names differ only in case (or
    /// in Unicode normalization): one name on a case-insensitive file system (APFS by default,
    /// Windows), so a clone there would lose one of them. Usernames that do are
    /// `duplicateUsername`.
    case caseConflict
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
    /// A photo, avatar or video file name longer than `AssetReader.maximumFileNameBytes`: the
    /// names of its published files would not fit.
    case fileNameTooLong
    case undecodablePhoto
    case imageCacheError
    /// A video file whose bytes are no video of the format its name says (a playlist named
    /// `.mp4`), or that holds no video stream.
    case notAVideo
    /// A video FFmpeg cannot read to its end: truncated or corrupt.
    case brokenVideo
    /// A video longer, larger in pixels or in bytes than `videos` in site.json allows.
    case videoTooLarge
    /// FFmpeg (`ffmpeg`, `ffprobe`) is not installed, or failed to make a video's files.
    case videoProcessingFailed
    /// A caption longer than `CaptionLimits.maximumCharacters`.
    case captionTooLong
    /// A caption with more different hashtags than `CaptionLimits.maximumHashtags`.
    case tooManyHashtags
    /// A caption mentioning more different users than `CaptionLimits.maximumMentions`.
    case tooManyMentions
    /// A hashtag longer than `CaptionLimits.maximumHashtagBytes`: its folder's name would not fit.
    case hashtagTooLong
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
    /// An album file whose name is no slug (`[A-Za-z0-9_-]`, 1 to 64 characters, then `.md`).
    case invalidAlbumSlug
    /// Two albums of one owner whose slugs differ only in case: one address on a
    /// case-insensitive file system, so a clone or a published copy there loses one.
    case duplicateAlbumSlug
    /// An album that lists no post.
    case emptyAlbum
    /// An album naming a post the site does not have.
    case unknownAlbumPost
    /// An album listing one post twice.
    case duplicateAlbumPost
    /// An album post by someone its owner does not follow: an album holds the owner's posts
    /// and those of the people they follow.
    case albumPostNotFollowed
    /// An album's cover that is not one of its posts.
    case coverOutsideAlbum
}
