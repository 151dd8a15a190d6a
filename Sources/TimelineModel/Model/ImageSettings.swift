/// How photos and avatars are processed: the `images` object of `site.json`. Every value
/// here that changes an output file is part of that file's cache key.
public struct ImageSettings: Sendable, Hashable {
    /// Off: photos are published exactly as they are (already prepared photos, benchmarks).
    public var process: Bool
    /// Widths of the display sizes, in pixels; a photo is never enlarged.
    public var widths: [Int]
    /// Sides of the square thumbnails for profile grids.
    public var thumbnailSizes: [Int]
    /// Sides of the square avatar sizes.
    public var avatarSizes: [Int]
    public var jpegQuality: Int
    public var webpQuality: Int
    /// Keep camera and exposure EXIF fields (never location) instead of removing all metadata.
    public var keepCameraData: Bool
    /// Also publish the original file, with all its metadata, and link it from the post page.
    public var publishOriginals: Bool
    /// Larger images are refused before decoding (decompression bombs).
    public var maxPixels: Int

    public static let defaultMaxPixels = 100_000_000

    public init(
        process: Bool = true, widths: [Int] = [480, 960, 1440, 2048], thumbnailSizes: [Int] = [320, 640],
        avatarSizes: [Int] = [64, 128, 256], jpegQuality: Int = 82, webpQuality: Int = 80, keepCameraData: Bool = false,
        publishOriginals: Bool = false, maxPixels: Int = ImageSettings.defaultMaxPixels
    ) {
        self.process = process
        self.widths = widths
        self.thumbnailSizes = thumbnailSizes
        self.avatarSizes = avatarSizes
        self.jpegQuality = jpegQuality
        self.webpQuality = webpQuality
        self.keepCameraData = keepCameraData
        self.publishOriginals = publishOriginals
        self.maxPixels = maxPixels
    }
}
