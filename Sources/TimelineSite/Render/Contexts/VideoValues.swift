import TimelineContent
import TimelineModel
import TimelineTemplates

/// A post's video as templates see it (docs/templates.md, **video**): the MP4 a `<video>`
/// plays, its size (no layout shift), its poster frame's URL and its duration. Built once per
/// video, with its fingerprint.
package final class VideoValues: TemplateContext {
    let url: String
    let type: String
    let width: Int
    let height: Int
    let posterURL: String?
    let byteCount: Int
    /// ISO 8601 (`PT12.5S`), for `<meta itemprop=duration>` or `<time datetime>`.
    let duration: String
    /// `0:12`, `1:02:03`: as players show it.
    let durationText: String
    package let cachedFingerprint: TemplateFingerprint?

    init(_ video: PublishedVideo, posterURL: String?, paths: SitePaths) {
        url = paths.url(file: video.outputFile)
        type = video.mediaType
        width = video.size.width
        height = video.size.height
        self.posterURL = posterURL
        byteCount = video.byteCount
        duration = Self.isoDuration(video.durationMilliseconds)
        durationText = Self.clock(video.durationMilliseconds)
        var hasher = StableHasher()
        for text in ["video", url, type, posterURL ?? "", duration] { hasher.combine(text) }
        for number in [width, height, byteCount] { hasher.combine(number) }
        cachedFingerprint = hasher.finalize().templateFingerprint
    }

    static func isoDuration(_ milliseconds: Int) -> String {
        let fraction = milliseconds % 1000
        let decimals = fraction == 0 ? "" : "." + String(String(fraction + 1000).dropFirst()).reversed().drop { $0 == "0" }.reversed()
        return "PT\(milliseconds / 1000)\(decimals)S"
    }

    /// Rounded up, so a clip of half a second shows `0:01`.
    static func clock(_ milliseconds: Int) -> String {
        let seconds = (milliseconds + 999) / 1000
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        guard seconds >= 3600 else { return "\(seconds / 60):\(twoDigits(seconds % 60))" }
        return "\(seconds / 3600):\(twoDigits(seconds / 60 % 60)):\(twoDigits(seconds % 60))"
    }

    package static let templateFields = TemplateFieldList<VideoValues>(
        "video",
        [
            .text("url") { $0.url },
            .text("type") { $0.type },
            .number("width") { $0.width },
            .number("height") { $0.height },
            .optionalText("posterURL") { $0.posterURL },
            .number("byteCount") { $0.byteCount },
            .text("duration") { $0.duration },
            .text("durationText") { $0.durationText },
        ])
}
