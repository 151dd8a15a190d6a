import TimelineModel

/// `posts/<id>/post.md` as the authoring commands and the import write it: front matter in the
/// loader's key order (`username`, `image`, `alt`), then the caption.
package struct PostMarkdown: Sendable {
    package var username: String
    /// Left out when the folder holds only the photo, as in the example content.
    package var image: String?
    package var alt: String?
    /// Markdown; nil or blank for no caption.
    package var caption: String?

    var fileBytes: [UInt8] {
        var text = "---\nusername: \(YAMLScalar.text(username))\n"
        if let image { text += "image: \(YAMLScalar.text(image))\n" }
        if let alt, !alt.allSatisfy(\.isWhitespace) { text += "alt: \(YAMLScalar.text(alt))\n" }
        text += "---\n"
        text += PostFile.captionText(caption ?? "")
        return Array(text.utf8)
    }
}
