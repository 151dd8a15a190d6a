import TimelineContent
import TimelineModel
import TimelineTemplates

/// The HTML of a post's feed entry: each photo as an `<img>` with its absolute URL (a video's
/// poster as a link to the video), in the post's order, then the caption as cmark's safe
/// renderer made it. The whole string is then
/// written as escaped text of `<content type="html">` by the XML writer.
package enum EntryHTML {
    package static func photos(_ photos: [AtomFeed.Photo], captionHTML: String?) -> String {
        var html = ""
        for photo in photos {
            let file = photo.file
            let image =
                "<img src=\"\(HTMLEscaping.escape(photo.url))\" width=\"\(file.width)\" height=\"\(file.height)\" alt=\"\(HTMLEscaping.escape(file.alt ?? ""))\">"
            if let videoURL = photo.videoURL {
                html += "<p><a href=\"\(HTMLEscaping.escape(videoURL))\">\(image)</a></p>\n"
            } else {
                html += "<p>\(image)</p>\n"
            }
        }
        if let captionHTML { html += captionHTML }
        return html
    }
}
