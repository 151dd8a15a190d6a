/// The files published for one photo or avatar, as pages need them.
public struct ProcessedImage: Sendable, Hashable {
    /// The upright size of the original.
    public let size: PixelSize
    /// `#rrggbb`, the mean colour, shown until the image arrives (nil when not processed).
    public let placeholderColor: String?
    /// Display sizes in both formats, narrowest first.
    public let display: [Rendition]
    /// Square crops, smallest first.
    public let squares: [Rendition]
    /// What the original's EXIF says about the camera, for a post photo when the site shows
    /// camera details (`showCameraDetails`); nil otherwise.
    public let camera: CameraDetails?
    /// For a post's video, the MP4 it plays; the image is then its poster frame.
    public var video: PublishedVideo?

    public init(
        size: PixelSize, placeholderColor: String?, display: [Rendition], squares: [Rendition], camera: CameraDetails? = nil, video: PublishedVideo? = nil
    ) {
        self.size = size
        self.placeholderColor = placeholderColor
        self.display = display
        self.squares = squares
        self.camera = camera
        self.video = video
    }
}

/// One encoded size of an image.
public struct Rendition: Sendable, Hashable {
    public let size: PixelSize
    public let mediaType: String
    /// Path inside the output folder.
    public let outputFile: String
    public let byteCount: Int

    public init(size: PixelSize, mediaType: String, outputFile: String, byteCount: Int) {
        self.size = size
        self.mediaType = mediaType
        self.outputFile = outputFile
        self.byteCount = byteCount
    }
}

public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg
    case webp

    public var fileExtension: String { self == .jpeg ? "jpg" : "webp" }
    public var mediaType: String { self == .jpeg ? "image/jpeg" : "image/webp" }
}
