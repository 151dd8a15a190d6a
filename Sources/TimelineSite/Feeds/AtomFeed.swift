import TimelineContent
import TimelineModel
import TimelineTemplates

/// An Atom 1.0 feed (RFC 4287) as plain values, and its serialisation through `XMLWriter`.
/// Every URL in it is absolute; times are milliseconds since 1970, written in RFC 3339 form
/// in UTC.
package struct AtomFeed: Sendable {
    static let namespace = "http://www.w3.org/2005/Atom"
    static let mediaNamespace = "http://search.yahoo.com/mrss/"

    package struct Person: Sendable, Hashable {
        package let name: String
        /// The person's profile page.
        let uri: String?
    }

    /// A photo attached to an entry: an enclosure link and a Media RSS `media:content`; for a
    /// video, those name the video, whose poster the entry's HTML shows.
    package struct Photo: Sendable, Hashable {
        /// Absolute.
        package let url: String
        package let file: SharedPhoto
        /// The video's absolute URL, when the photo is its poster.
        package var videoURL: String?
    }

    package struct Entry: Sendable {
        /// Permanent: the same in every build, whatever the clock.
        package let id: String
        let title: String
        /// The entry's page.
        let alternateURL: String
        /// Nil when the record has no date of its own.
        let published: Int64?
        let updated: Int64
        package let author: Person
        /// Safe HTML, written as text with `type="html"`.
        let contentHTML: String
        /// What relative links in the content resolve against (`xml:base`): the page it comes from.
        let contentBase: String
        package let photo: Photo?

        package init(
            id: String, title: String, alternateURL: String, published: Int64? = nil, updated: Int64, author: Person, contentHTML: String, contentBase: String,
            photo: Photo? = nil
        ) {
            self.id = id
            self.title = title
            self.alternateURL = alternateURL
            self.published = published
            self.updated = updated
            self.author = author
            self.contentHTML = contentHTML
            self.contentBase = contentBase
            self.photo = photo
        }
    }

    package let id: String
    let title: String
    let subtitle: String?
    /// `xml:lang` of the feed.
    package let language: String
    let selfURL: String
    let alternateURL: String
    /// The feed's author, when one person wrote everything in it.
    package let author: Person?
    /// Newest first.
    package let entries: [Entry]
    /// The newest entry's `updated`, or `updatedWhenEmpty` for a feed without entries: never the clock.
    let updated: Int64

    init(
        id: String, title: String, subtitle: String?, language: String, selfURL: String, alternateURL: String,
        author: Person? = nil, entries: [Entry], updatedWhenEmpty: Int64
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.language = language
        self.selfURL = selfURL
        self.alternateURL = alternateURL
        self.author = author
        self.entries = entries
        updated = entries.lazy.map(\.updated).max() ?? updatedWhenEmpty
    }

    func xml() -> [UInt8] {
        XMLWriter.document { xml in
            xml.element("feed", [("xmlns", Self.namespace), ("xmlns:media", Self.mediaNamespace), ("xml:lang", language)]) { xml in
                xml.element("id", text: id)
                xml.element("title", text: title)
                if let subtitle { xml.element("subtitle", text: subtitle) }
                xml.element("updated", text: ISODate.timestamp(milliseconds: updated))
                xml.element("link", [("rel", "self"), ("type", FeedFile.mediaType), ("href", selfURL)])
                xml.element("link", [("rel", "alternate"), ("type", "text/html"), ("href", alternateURL)])
                if let author { write(author, to: &xml) }
                xml.element("generator", [("version", TimelineVersion.current)], text: "Timeline")
                for entry in entries {
                    write(entry, to: &xml)
                }
            }
        }
    }

    private func write(_ entry: Entry, to xml: inout XMLWriter) {
        xml.element("entry") { xml in
            xml.element("id", text: entry.id)
            xml.element("title", text: entry.title)
            xml.element("link", [("rel", "alternate"), ("type", "text/html"), ("href", entry.alternateURL)])
            if let published = entry.published {
                xml.element("published", text: ISODate.timestamp(milliseconds: published))
            }
            xml.element("updated", text: ISODate.timestamp(milliseconds: entry.updated))
            write(entry.author, to: &xml)
            xml.element("content", [("type", "html"), ("xml:base", entry.contentBase)], text: entry.contentHTML)
            if let photo = entry.photo, let video = photo.file.video, let videoURL = photo.videoURL {
                xml.element("link", [("rel", "enclosure"), ("type", video.mediaType), ("length", String(video.byteCount)), ("href", videoURL)])
                xml.element(
                    "media:content",
                    [
                        ("url", videoURL), ("type", video.mediaType), ("medium", "video"), ("fileSize", String(video.byteCount)),
                        ("width", String(video.size.width)), ("height", String(video.size.height)),
                        ("duration", String((video.durationMilliseconds + 999) / 1000)),
                    ])
            } else if let photo = entry.photo {
                let file = photo.file
                xml.element("link", [("rel", "enclosure"), ("type", file.mediaType), ("length", String(file.byteCount)), ("href", photo.url)])
                xml.element(
                    "media:content",
                    [
                        ("url", photo.url), ("type", file.mediaType), ("medium", "image"), ("fileSize", String(file.byteCount)),
                        ("width", String(file.width)), ("height", String(file.height)),
                    ])
            }
        }
    }

    private func write(_ author: Person, to xml: inout XMLWriter) {
        xml.element("author") { xml in
            xml.element("name", text: author.name)
            if let uri = author.uri { xml.element("uri", text: uri) }
        }
    }
}
