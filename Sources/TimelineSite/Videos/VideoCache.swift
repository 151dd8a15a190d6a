import TimelineContent
import TimelineModel
import TimelineSystem

/// Published MP4s and their poster frames, in the persistent cache beside the processed
/// images, named by a key made of the source's content identity and everything that shaped the
/// file (`VideoPlan.key`): a file is never rewritten, so a changed video or setting gives new
/// names, and a fresh clone with the cache restored transcodes nothing.
///
///     videos/files/ab/<key>.mp4         the published video
///     videos/files/ab/<key>.poster.png  its poster frame, the image pipeline's source
package struct VideoCache: Sendable {
    /// The cache folder (`.timeline-cache/`).
    package let folder: SitePath

    package init(_ folder: SitePath) {
        self.folder = folder
    }

    package var videosFolder: String { folder.absolute + "/videos" }
    package var filesFolder: String { videosFolder + "/files" }

    package func videoFile(forKey key: String) -> String {
        filesFolder + "/" + key.prefix(2) + "/" + key + ".mp4"
    }

    package func posterFile(forKey key: String) -> String {
        filesFolder + "/" + key.prefix(2) + "/" + key + ".poster.png"
    }

    /// The cache file's byte count, nil when it is not there (an interrupted job leaves only a
    /// temporary file, which is never taken for the file).
    func byteCount(of path: String) -> Int? {
        FileSystem.stamp(of: path)?.size
    }
}
