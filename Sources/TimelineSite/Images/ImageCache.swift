import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// The persistent cache of processed images, outside the output folder (`.timeline-cache/` by
/// default, ignored by git, fit to be kept between CI runs). Encoded files are named by a
/// digest of the source bytes and of every setting that shaped them, so a file is never
/// rewritten: a changed photo or setting gives new names, and only those are encoded.
///
///     images/index.txt            ImageCacheIndex
///     images/files/ab/<key>.webp  encoded files, sharded by the key's first two digits
package struct ImageCache: Sendable {
    /// The cache folder (`.timeline-cache/`).
    package let folder: SitePath

    package init(_ folder: SitePath) {
        self.folder = folder
    }

    package var root: String { folder.absolute }

    package var imagesFolder: String { root + "/images" }
    var indexFile: String { imagesFolder + "/index.txt" }
    package var filesFolder: String { imagesFolder + "/files" }

    package func file(forKey key: String, format: ImageFormat) -> String {
        filesFolder + "/" + key.prefix(2) + "/" + key + "." + format.fileExtension
    }

    package func loadIndex() -> ImageCacheIndex {
        guard let bytes = try? FileSystem.readBytes(indexFile) else { return ImageCacheIndex() }
        return ImageCacheIndex.parse(Substring(decoding: bytes, as: UTF8.self))
    }

    package func saveIndex(_ index: ImageCacheIndex) throws(FileSystem.Failure) {
        try FileSystem.makeDirectories(imagesFolder)
        try FileSystem.writeAtomically(indexFile, bytes: Array(index.serialized().utf8))
    }

    /// Stores an encoded file under its key: written beside, then renamed into place.
    package func store(_ bytes: [UInt8], key: String, format: ImageFormat) throws(FileSystem.Failure) {
        let path = file(forKey: key, format: format)
        try FileSystem.makeDirectories(Path.parent(of: path))
        try FileSystem.writeAtomically(path, bytes: bytes)
    }

    /// True when the encoded file is present with the size the index recorded.
    package func holds(key: String, format: ImageFormat, entry: ImageCacheIndex.EncodedEntry) -> Bool {
        FileSystem.stamp(of: file(forKey: key, format: format))?.size == entry.byteCount
    }
}
