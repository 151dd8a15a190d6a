/// How processed images become template values (documented in docs/templates.md): a fallback
/// `src` with its `width` and `height`, `srcset`s per format for `<picture>`, and the mean
/// colour as a placeholder. Built once per image, since a photo shows on many pages.
enum ImageContexts {
    /// Cards and post pages are at most this wide (the theme's `--measure` and `.post`).
    static let photoSizes = "(min-width: 50rem) 48rem, calc(100vw - 2rem)"
    /// Profile grid cells: a third of at most 48rem.
    static let thumbnailSizes = "(min-width: 50rem) 16rem, 33vw"
    /// The largest avatar the theme shows (8rem on wide screens).
    static let avatarSizes = "(min-width: 40rem) 8rem, 5.5rem"
    /// The fallback `src` is the first display size at least this wide.
    static let fallbackWidth = 960

    static func photo(_ image: ProcessedImage, alt: String?, originalURL: String?, paths: SitePaths) -> TemplateObject {
        let fallback = fallbackRendition(image.display)
        var fields = sources(image.display, fallback: fallback, paths: paths)
        fields["alt"] = alt ?? ""
        fields["hasAlt"] = alt != nil
        fields["sizes"] = photoSizes
        fields["placeholderStyle"] = image.placeholderColor.map { "background-color:\($0)" }
        fields["originalURL"] = originalURL
        if !image.squares.isEmpty {
            var thumbnail = sources(image.squares, fallback: fallbackRendition(image.squares, atLeast: 320), paths: paths)
            thumbnail["sizes"] = thumbnailSizes
            fields["thumbnail"] = TemplateObject(thumbnail)
        } else {
            fields["thumbnail"] = TemplateObject(fields.merging(["sizes": thumbnailSizes]) { _, new in new })
        }
        return TemplateObject(fields)
    }

    static func avatar(_ image: ProcessedImage, paths: SitePaths) -> TemplateObject {
        var fields = sources(image.squares, fallback: fallbackRendition(image.squares, atLeast: 128), paths: paths)
        fields["sizes"] = avatarSizes
        fields["placeholderStyle"] = image.placeholderColor.map { "background-color:\($0)" }
        return TemplateObject(fields)
    }

    /// `url`, `width`, `height`, `type` of the fallback, and `srcset` (the fallback's format)
    /// and `webpSrcset` (nil when there is no WebP).
    private static func sources(_ renditions: [Rendition], fallback: Rendition?, paths: SitePaths) -> [String: (any Sendable)?] {
        guard let fallback else { return [:] }
        let fallbackFormat = renditions.filter { $0.mediaType == fallback.mediaType }
        let webp = fallback.mediaType == ImageFormat.webp.mediaType ? [] : renditions.filter { $0.mediaType == ImageFormat.webp.mediaType }
        return [
            "url": paths.url(file: fallback.outputFile),
            "width": fallback.size.width,
            "height": fallback.size.height,
            "type": fallback.mediaType,
            "srcset": srcset(fallbackFormat, paths: paths),
            "webpSrcset": webp.isEmpty ? nil : srcset(webp, paths: paths),
        ]
    }

    static func srcset(_ renditions: [Rendition], paths: SitePaths) -> String {
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
