import TimelineContent
import TimelineModel

/// `posts/<id>/post.md` as the authoring commands and the import write it: front matter in the
/// loader's key order (`username`, `image`, `alt`, or `photos` for several), then the caption.
package struct PostMarkdown: Sendable {
    package var username: String
    /// Left out when the folder holds only the photo, as in the example content.
    package var image: String?
    package var alt: String?
    /// Several photos, in order, written as the `photos:` list instead of `image` and `alt`.
    package var photos: [(image: String, alt: String?)] = []
    /// Markdown; nil or blank for no caption.
    package var caption: String?

    var fileBytes: [UInt8] {
        var text = "---\nusername: \(YAMLScalar.text(username))\n"
        text += photoLines
        text += "---\n"
        text += PostFile.captionText(caption ?? "")
        return Array(text.utf8)
    }

    /// The front matter's lines that name the photos: `image` and `alt`, or `photos`.
    var photoLines: String {
        var text = ""
        if let image { text += "image: \(YAMLScalar.text(image))\n" }
        if let alt, !alt.allSatisfy(\.isWhitespace) { text += "alt: \(YAMLScalar.text(alt))\n" }
        if !photos.isEmpty { text += "photos:\n" }
        for photo in photos {
            text += "  - image: \(YAMLScalar.text(photo.image))\n"
            if let alt = photo.alt, !alt.allSatisfy(\.isWhitespace) { text += "    alt: \(YAMLScalar.text(alt))\n" }
        }
        return text
    }
}
