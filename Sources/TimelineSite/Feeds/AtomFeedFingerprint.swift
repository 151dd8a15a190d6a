import TimelineContent
import TimelineModel
import TimelineTemplates

extension AtomFeed {
    /// Everything `xml()` writes, hashed: a feed whose values are unchanged is not serialised again.
    package var fingerprint: Digest {
        var hasher = StableHasher()
        hasher.combine(TimelineVersion.current)
        for text in [id, title, subtitle ?? "\u{0}", language, selfURL, alternateURL] { hasher.combine(text) }
        Self.combine(author, into: &hasher)
        hasher.combine(updated)
        hasher.combine(entries.count)
        for entry in entries {
            for text in [entry.id, entry.title, entry.alternateURL, entry.contentHTML, entry.contentBase] { hasher.combine(text) }
            hasher.combine(entry.published ?? Int64.min)
            hasher.combine(entry.updated)
            Self.combine(entry.author, into: &hasher)
            if let photo = entry.photo {
                hasher.combine(true)
                hasher.combine(photo.url)
                hasher.combine(photo.file.file)
                hasher.combine(photo.file.mediaType)
                hasher.combine(photo.file.byteCount)
                hasher.combine(photo.file.width)
                hasher.combine(photo.file.height)
            } else {
                hasher.combine(false)
            }
        }
        return hasher.finalize()
    }

    private static func combine(_ person: Person?, into hasher: inout StableHasher) {
        guard let person else { return hasher.combine(false) }
        hasher.combine(true)
        hasher.combine(person.name)
        hasher.combine(person.uri ?? "\u{0}")
    }
}
