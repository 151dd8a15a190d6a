import TimelineContent
import TimelineModel
import TimelineTemplates

/// An image as templates see it (docs/templates.md, **image**): built once per image and
/// shared by every page that shows it, with its fingerprint computed once. A field that is
/// nil is absent, so a template's lookup goes on to the enclosing context.
package final class ImageValues: TemplateContext {
    /// The fallback rendition and the `srcset`s; nil when the image has no rendition at all.
    package struct Sources: Sendable {
        package let url: String
        let width: Int
        let height: Int
        let type: String
        package let srcset: String
        let webpSrcset: String?
    }

    package final class Fields: TemplateContext {
        package let sources: Sources?
        package let sizes: String
        package let alt: String?
        let hasAlt: Bool?
        let placeholderStyle: String?
        let originalURL: String?

        init(sources: Sources?, sizes: String, alt: String? = nil, hasAlt: Bool? = nil, placeholderStyle: String? = nil, originalURL: String? = nil) {
            self.sources = sources
            self.sizes = sizes
            self.alt = alt
            self.hasAlt = hasAlt
            self.placeholderStyle = placeholderStyle
            self.originalURL = originalURL
        }

        package static let templateFields = TemplateFieldList<Fields>(
            "image",
            [
                .optionalText("url") { $0.sources?.url },
                .optionalNumber("width") { $0.sources?.width },
                .optionalNumber("height") { $0.sources?.height },
                .optionalText("type") { $0.sources?.type },
                .optionalText("srcset") { $0.sources?.srcset },
                .optionalText("webpSrcset") { $0.sources?.webpSrcset },
                .text("sizes") { $0.sizes },
                .optionalText("alt") { $0.alt },
                .optionalBool("hasAlt") { $0.hasAlt },
                .optionalText("placeholderStyle") { $0.placeholderStyle },
                .optionalText("originalURL") { $0.originalURL },
            ])
    }

    let fields: Fields
    package let cachedFingerprint: TemplateFingerprint?

    init(_ fields: Fields) {
        self.fields = fields
        cachedFingerprint = ContextFingerprint.of(.object(fields)).templateFingerprint
    }

    package static let templateFields = TemplateFieldList<ImageValues>("image", Fields.templateFields.fields.map { $0.lifted { $0.fields } })
}

/// A post's photo: an image of its display sizes, its `thumbnail`, and how a page loads it
/// (`loading`, `fetchPriority`), which only cards and post pages set. For a video, the image
/// is its poster frame and `video` what plays.
package final class PhotoValues: TemplateContext {
    package let image: ImageValues
    let thumbnail: ImageValues
    let video: VideoValues?
    /// Nil leaves `loading` and `fetchPriority` out.
    let eager: Bool?
    /// What the original's EXIF says about the camera, when the site shows it: not a field of
    /// the photo, but what the post page's `post.camera` is made from (`CameraValues`).
    let camera: CameraDetails?

    /// From the images' own fingerprints and the loading: cards are fingerprinted on every
    /// page that shows them.
    package let cachedFingerprint: TemplateFingerprint?

    init(image: ImageValues, thumbnail: ImageValues, video: VideoValues? = nil, eager: Bool? = nil, camera: CameraDetails? = nil) {
        self.image = image
        self.thumbnail = thumbnail
        self.video = video
        self.eager = eager
        self.camera = camera
        var hasher = StableHasher()
        hasher.combine("photo")
        ContextFingerprint.combine(.object(image), into: &hasher)
        ContextFingerprint.combine(.object(thumbnail), into: &hasher)
        if let video { ContextFingerprint.combine(.object(video), into: &hasher) }
        hasher.combine(eager == nil ? 2 : eager == true ? 1 : 0)
        cachedFingerprint = hasher.finalize().templateFingerprint
    }

    /// Eager photos are the first of a list, which the browser should fetch at once.
    package func loading(eager: Bool) -> PhotoValues {
        PhotoValues(image: image, thumbnail: thumbnail, video: video, eager: eager, camera: camera)
    }

    package static let templateFields = TemplateFieldList<PhotoValues>(
        "photo",
        ImageValues.templateFields.fields.map { $0.lifted { $0.image } } + [
            .object("thumbnail") { $0.thumbnail },
            .optionalObject("video") { $0.video },
            .optionalText("loading") { $0.eager.map { $0 ? "eager" : "lazy" } },
            .optionalText("fetchPriority") { $0.eager.map { $0 ? "high" : "auto" } },
        ])
}
