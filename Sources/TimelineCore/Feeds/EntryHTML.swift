/// The HTML of a post's feed entry: the photo as an `<img>` with its absolute URL, then the
/// caption as cmark's safe renderer made it. The whole string is then written as escaped
/// text of `<content type="html">` by the XML writer.
enum EntryHTML {
    static func photo(_ photo: AtomFeed.Photo, captionHTML: String?) -> String {
        let file = photo.file
        var html = "<p><img src=\"\(escape(photo.url))\" width=\"\(file.width)\" height=\"\(file.height)\" alt=\"\(escape(file.alt ?? ""))\"></p>\n"
        if let captionHTML { html += captionHTML }
        return html
    }

    /// Text made safe inside an HTML element or a quoted attribute.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { "&<>\"'".utf8.contains($0) }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
