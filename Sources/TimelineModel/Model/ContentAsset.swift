/// A photo or avatar file in the content folder.
public struct ContentAsset: Sendable, Hashable {
    /// Path relative to the content folder, with `/` separators.
    public let relativePath: String
    public let fileName: String
    public let byteCount: Int
    public let pixelSize: PixelSize
    public let mediaType: String
    /// What the file's bytes are (`FileIdentities`): the image cache finds its work by it.
    /// Nil when the loader did not say (the source is then read to know).
    public var identity: Digest?

    public init(relativePath: String, fileName: String, byteCount: Int, pixelSize: PixelSize, mediaType: String) {
        self.relativePath = relativePath
        self.fileName = fileName
        self.byteCount = byteCount
        self.pixelSize = pixelSize
        self.mediaType = mediaType
    }
}

public struct PixelSize: Sendable, Hashable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
