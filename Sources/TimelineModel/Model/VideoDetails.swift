/// What FFmpeg's probe found in a post's video file, read once at load (`VideoProbe`) and kept
/// in the record cache, so an unchanged video is not probed again. The file's display size
/// (rotation applied) is its `ContentAsset.pixelSize`.
public struct VideoDetails: Sendable, Hashable {
    /// The demuxer FFmpeg read it with: `mov,mp4,m4a,3gp,3g2,mj2` or `matroska,webm`.
    public let container: String
    public let durationMilliseconds: Int
    /// The video stream's coded size, before rotation.
    public let codedSize: PixelSize
    /// Clockwise degrees a player turns the picture (0, 90, 180 or 270): a phone clip filmed
    /// upright is stored sideways with 90 or 270.
    public let rotation: Int
    /// `h264`, `hevc`, `vp9`, …
    public let videoCodec: String
    /// `yuv420p`, …
    public let pixelFormat: String
    /// `aac`, `opus`, …; nil for a silent clip.
    public let audioCodec: String?
    public let audioChannels: Int
    /// Where the post's front matter names the file (line and column), so that a video over the
    /// limits is reported there.
    public let namedAt: SourceLocation

    public init(
        container: String, durationMilliseconds: Int, codedSize: PixelSize, rotation: Int, videoCodec: String, pixelFormat: String,
        audioCodec: String?, audioChannels: Int, namedAt: SourceLocation
    ) {
        self.container = container
        self.durationMilliseconds = durationMilliseconds
        self.codedSize = codedSize
        self.rotation = rotation
        self.videoCodec = videoCodec
        self.pixelFormat = pixelFormat
        self.audioCodec = audioCodec
        self.audioChannels = audioChannels
        self.namedAt = namedAt
    }

    /// The size a player shows: the coded size, turned by a quarter turn.
    public var displaySize: PixelSize {
        rotation % 180 == 0 ? codedSize : PixelSize(width: codedSize.height, height: codedSize.width)
    }
}
