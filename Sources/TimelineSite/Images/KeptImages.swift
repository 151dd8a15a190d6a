import TimelineContent
import TimelineModel

/// How the published images are kept in the site index (`StateCoder`): each post's images as a
/// record of its own, read one at a time. The files to publish are not kept: an edit build
/// publishes none (a change of photos is a whole build's).
extension PublishedImages {
    /// Writes `images`, or (given nil) reads those of a site of `postCount` posts and `userCount`
    /// users, whose posts' images are read from `bytes` (`StoredRecords.code`) as pages ask.
    package static func code(_ images: PublishedImages?, postCount: Int, userCount: Int, bytes: StoredBytes, with coder: inout StateCoder) throws(StateCoder
        .Malformed) -> PublishedImages
    {
        let posts = try StoredRecords.code(images?.posts, bytes: bytes, with: &coder)
        let originals = try StoredRecords.code(images?.originalPhotoFiles, bytes: bytes, with: &coder)
        let avatars = try coder.optionals(images?.avatars)
        let counts = try coder.indexes(images.map { [$0.statistics.images, $0.statistics.decoded, $0.statistics.encoded] }, below: Int(Int32.max))
        guard posts.count == postCount, originals.count == postCount, avatars.count == userCount, counts.count == 3 else { throw StateCoder.Malformed() }
        return images
            ?? PublishedImages(
                posts: posts, avatars: avatars, processedFiles: [], originalFiles: [], originalPhotoFiles: originals,
                statistics: ImagePipeline.Statistics(images: counts[0], decoded: counts[1], encoded: counts[2]))
    }
}
