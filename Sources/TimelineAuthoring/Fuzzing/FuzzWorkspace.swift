import Foundation
import TimelineContent
import TimelineModel
import TimelineSystem

/// The folder a fuzz target writes its input to, for the loaders that read files: a content
/// folder whose post folder and `users/` hold a one-pixel JPEG, so that the photo and avatar
/// checks pass and the reading goes on to the caption.
package struct FuzzWorkspace: Sendable {
    /// An absolute path with no symbolic link in it.
    package let root: String
    let postID: ContentID
    package var contentFolder: SitePath { .folder(root + "/Content", shownAs: "Content/") }
    package var content: String { contentFolder.absolute }
    package var assets: AssetReader { AssetReader(content: contentFolder, canonicalContentRoot: content) }

    /// The smallest JPEG whose size `ImageHeader` reads: start of image, a 1×1 frame header, end.
    static let onePixelJPEG: [UInt8] = [
        0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00, 0xFF, 0xD9,
    ]

    /// Creates the folder and its content.
    init(root: String) throws(FileSystem.Failure) {
        guard let postID = ContentID("-K25Fj8qrMAtxXG3QCSn") else {
            throw FileSystem.Failure(path: root, operation: "name the post folder in", code: EINVAL)
        }
        self.root = root
        self.postID = postID
        let postFolder = content + "/" + ContentLayout.postFolder(postID)
        try FileSystem.makeDirectories(content + "/" + ContentLayout.usersFolder)
        try FileSystem.makeDirectories(postFolder)
        try FileSystem.writeFile(content + "/" + ContentLayout.fileInUsersFolder(named: "avatar.jpg"), bytes: Self.onePixelJPEG)
        try FileSystem.writeFile(postFolder + "/photo.jpg", bytes: Self.onePixelJPEG)
    }

    /// Writes `bytes` to `relativePath` under the content folder; returns the absolute path.
    @discardableResult
    func writeContent(_ bytes: [UInt8], to relativePath: String) throws(FileSystem.Failure) -> String {
        let path = content + "/" + relativePath
        try FileSystem.writeFile(path, bytes: bytes)
        return path
    }
}
