import Mustache

/// An image as templates see it (docs/templates.md, **image** and **photo**), held as a few
/// strings instead of a `TemplateObject`: a site keeps one per post for the whole render, and
/// a dictionary of boxed values per photo and thumbnail would cost kilobytes each. A field
/// that is nil is absent, so a template's lookup goes on to the enclosing context exactly as
/// it does for a missing key of a `TemplateObject`.
struct ImageValues: MustacheParent, FingerprintedTemplateValue {
    /// The fallback rendition and the `srcset`s; nil when the image has no rendition at all.
    struct Sources: Sendable {
        let url: String
        let width: Int
        let height: Int
        let type: String
        let srcset: String
        let webpSrcset: String?
    }

    let sources: Sources?
    let sizes: String
    var alt: String? = nil
    var hasAlt: Bool? = nil
    var placeholderStyle: String? = nil
    var originalURL: String? = nil

    func child(named name: String) -> Any? {
        TemplateText.wrapping(value(named: name))
    }

    /// The value before `TemplateText` wraps it (`PhotoValues` falls back to it).
    fileprivate func value(named name: String) -> Any? {
        switch name {
        case "url": sources?.url
        case "width": sources?.width
        case "height": sources?.height
        case "type": sources?.type
        case "srcset": sources?.srcset
        case "webpSrcset": sources?.webpSrcset
        case "sizes": sizes
        case "alt": alt
        case "hasAlt": hasAlt
        case "placeholderStyle": placeholderStyle
        case "originalURL": originalURL
        default: nil
        }
    }

    var digest: Digest {
        var hasher = StableHasher()
        hasher.combine("image")
        hasher.combine(sources != nil)
        if let sources {
            hasher.combine(sources.url)
            hasher.combine(sources.width)
            hasher.combine(sources.height)
            hasher.combine(sources.type)
            hasher.combine(sources.srcset)
            Self.combine(sources.webpSrcset, into: &hasher)
        }
        hasher.combine(sizes)
        Self.combine(alt, into: &hasher)
        hasher.combine(hasAlt == nil ? 2 : hasAlt == true ? 1 : 0)
        Self.combine(placeholderStyle, into: &hasher)
        Self.combine(originalURL, into: &hasher)
        return hasher.finalize()
    }

    private static func combine(_ text: String?, into hasher: inout StableHasher) {
        hasher.combine(text != nil)
        if let text { hasher.combine(text) }
    }
}

/// A post's photo: its display sizes, its `thumbnail`, and how a page loads it (`loading`,
/// `fetchPriority`), which only cards and post pages set.
struct PhotoValues: MustacheParent, FingerprintedTemplateValue {
    let image: ImageValues
    let thumbnail: ImageValues
    /// `image.digest` and `thumbnail.digest` together, computed once: cards are fingerprinted
    /// on every page that shows them.
    private let imagesDigest: Digest
    /// Set by `loading(eager:)`; nil leaves `loading` and `fetchPriority` out.
    private var eager: Bool?

    init(image: ImageValues, thumbnail: ImageValues) {
        self.image = image
        self.thumbnail = thumbnail
        var hasher = StableHasher()
        hasher.combine(image.digest)
        hasher.combine(thumbnail.digest)
        imagesDigest = hasher.finalize()
    }

    /// Eager photos are the first of a list, which the browser should fetch at once.
    func loading(eager: Bool) -> PhotoValues {
        var copy = self
        copy.eager = eager
        return copy
    }

    func child(named name: String) -> Any? {
        TemplateText.wrapping(value(named: name))
    }

    private func value(named name: String) -> Any? {
        switch name {
        case "thumbnail": thumbnail
        case "loading": eager.map { $0 ? "eager" : "lazy" }
        case "fetchPriority": eager.map { $0 ? "high" : "auto" }
        default: image.value(named: name)
        }
    }

    var digest: Digest {
        var hasher = StableHasher()
        hasher.combine("photo")
        hasher.combine(imagesDigest)
        hasher.combine(eager == nil ? 2 : eager == true ? 1 : 0)
        return hasher.finalize()
    }
}
