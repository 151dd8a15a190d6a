import TimelineContent
import TimelineModel
import TimelineTemplates

/// The HTML of a post's feed entry: each photo as an `<img>` with its absolute URL, in the
/// post's order, then the caption as cmark's safe renderer made it. The whole string is then
/// written as escaped text of `<content type="html">` by the XML writer.
package enum EntryHTML {
    package static func photos(_ photos: [AtomFeed.Photo], captionHTML: String?) -> String {
        var html = ""
        for photo in photos {
            let file = photo.file
            html +=
                "<p><img src=\"\(HTMLEscaping.escape(photo.url))\" width=\"\(file.width)\" height=\"\(file.height)\" alt=\"\(HTMLEscaping.escape(file.alt ?? ""))\"></p>\n"
        }
        if let captionHTML { html += captionHTML }
        return html
    }
}
