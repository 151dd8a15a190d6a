import TimelineContent
import TimelineModel
import TimelineTemplates

/// How processed images become template values (documented in docs/templates.md): a fallback
/// `src` with its `width` and `height`, `srcset`s per format for `<picture>`, and the mean
/// colour as a placeholder. Built once per image, since a photo shows on many pages.
package enum ImageContexts {
    /// Cards and post pages are at most this wide (the theme's `--measure` and `.post`).
    static let photoSizes = "(min-width: 50rem) 48rem, calc(100vw - 2rem)"
    /// Profile grid cells: a third of at most 48rem.
    static let thumbnailSizes = "(min-width: 50rem) 16rem, 33vw"
    /// The largest avatar the theme shows (8rem on wide screens).
    static let avatarSizes = "(min-width: 40rem) 8rem, 5.5rem"
    /// The fallback `src` is the first display size at least this wide.
    static let fallbackWidth = 960

    package static func photo(_ image: ProcessedImage, alt: String?, originalURL: String?, paths: SitePaths) -> PhotoValues {
        let display = ImageValues.Fields(
            sources: sources(image.display, fallback: fallbackRendition(image.display), paths: paths), sizes: photoSizes, alt: alt ?? "",
            hasAlt: alt != nil, placeholderStyle: placeholderStyle(image), originalURL: originalURL)
        let thumbnail: ImageValues.Fields
        if !image.squares.isEmpty {
            thumbnail = ImageValues.Fields(
                sources: sources(image.squares, fallback: fallbackRendition(image.squares, atLeast: 320), paths: paths), sizes: thumbnailSizes)
        } else {
            thumbnail = ImageValues.Fields(
                sources: display.sources, sizes: thumbnailSizes, alt: display.alt, hasAlt: display.hasAlt, placeholderStyle: display.placeholderStyle,
                originalURL: display.originalURL)
        }
        let video = image.video.map { VideoValues($0, posterURL: display.sources?.url, paths: paths) }
        return PhotoValues(image: ImageValues(display), thumbnail: ImageValues(thumbnail), video: video, camera: image.camera)
    }

    static func avatar(_ image: ProcessedImage, paths: SitePaths) -> ImageValues {
        ImageValues(
            ImageValues.Fields(
                sources: sources(image.squares, fallback: fallbackRendition(image.squares, atLeast: 128), paths: paths), sizes: avatarSizes,
                placeholderStyle: placeholderStyle(image)))
    }

    private static func placeholderStyle(_ image: ProcessedImage) -> String? {
        image.placeholderColor.map { "background-color:\($0)" }
    }

    /// The fallback (`url`, `width`, `height`, `type`), `srcset` in the fallback's format and
    /// `webpSrcset` (nil when there is no WebP).
    private static func sources(_ renditions: [Rendition], fallback: Rendition?, paths: SitePaths) -> ImageValues.Sources? {
        guard let fallback else { return nil }
        let fallbackFormat = renditions.filter { $0.mediaType == fallback.mediaType }
        let webp = fallback.mediaType == ImageFormat.webp.mediaType ? [] : renditions.filter { $0.mediaType == ImageFormat.webp.mediaType }
        return ImageValues.Sources(
            url: paths.url(file: fallback.outputFile), width: fallback.size.width, height: fallback.size.height, type: fallback.mediaType,
            srcset: srcset(fallbackFormat, paths: paths), webpSrcset: webp.isEmpty ? nil : srcset(webp, paths: paths))
    }

    package static func srcset(_ renditions: [Rendition], paths: SitePaths) -> String {
        renditions.map { "\(paths.url(file: $0.outputFile)) \($0.size.width)w" }.joined(separator: ", ")
    }

    /// The JPEG (or the only format there is) of the first size at least `width` wide, else
    /// the widest.
    static func fallbackRendition(_ renditions: [Rendition], atLeast width: Int = fallbackWidth) -> Rendition? {
        let jpeg = renditions.filter { $0.mediaType != ImageFormat.webp.mediaType }
        let candidates = jpeg.isEmpty ? renditions : jpeg
        return candidates.first { $0.size.width >= width } ?? candidates.last
    }
}
