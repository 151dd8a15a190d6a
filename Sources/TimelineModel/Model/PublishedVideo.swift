/// The web-playable MP4 published for a post's video (H.264 and AAC, `faststart`).
public struct PublishedVideo: Sendable, Hashable {
    /// Path inside the output folder (`p/<id>/clip.1a2b3c4d5e.mp4`).
    public let outputFile: String
    public let size: PixelSize
    public let byteCount: Int
    public let durationMilliseconds: Int
    public let mediaType: String

    public init(outputFile: String, size: PixelSize, byteCount: Int, durationMilliseconds: Int, mediaType: String = "video/mp4") {
        self.outputFile = outputFile
        self.size = size
        self.byteCount = byteCount
        self.durationMilliseconds = durationMilliseconds
        self.mediaType = mediaType
    }
}
