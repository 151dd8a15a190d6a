/// How post videos are checked and published: the `videos` object of `site.json`.
public struct VideoSettings: Sendable, Hashable {
    /// The published MP4 is at most this many pixels high (a portrait clip: this many wide).
    public var maxHeight: Int
    /// Longer videos are refused.
    public var maxDurationSeconds: Int
    /// Videos of more pixels a frame are refused (decoding cost, hostile headers).
    public var maxPixels: Int
    /// Larger video files are refused.
    public var maxBytes: Int

    public static let defaultMaxHeight = 1080
    /// Ten minutes.
    public static let defaultMaxDurationSeconds = 600
    /// 4K UHD, 3840 × 2160.
    public static let defaultMaxPixels = 8_294_400
    /// 1 GiB.
    public static let defaultMaxBytes = 1 << 30

    public init(
        maxHeight: Int = VideoSettings.defaultMaxHeight, maxDurationSeconds: Int = VideoSettings.defaultMaxDurationSeconds,
        maxPixels: Int = VideoSettings.defaultMaxPixels, maxBytes: Int = VideoSettings.defaultMaxBytes
    ) {
        self.maxHeight = maxHeight
        self.maxDurationSeconds = maxDurationSeconds
        self.maxPixels = maxPixels
        self.maxBytes = maxBytes
    }
}
