import TimelineContent
import TimelineModel
import TimelineTemplates

/// The HTML of a post's feed entry: the photo as an `<img>` with its absolute URL, then the
/// caption as cmark's safe renderer made it. The whole string is then written as escaped
/// text of `<content type="html">` by the XML writer.
package enum EntryHTML {
    package static func photo(_ photo: AtomFeed.Photo, captionHTML: String?) -> String {
        let file = photo.file
        var html =
            "<p><img src=\"\(HTMLEscaping.escape(photo.url))\" width=\"\(file.width)\" height=\"\(file.height)\" alt=\"\(HTMLEscaping.escape(file.alt ?? ""))\"></p>\n"
        if let captionHTML { html += captionHTML }
        return html
    }
}
