import Foundation
import TimelineModel

/// Reads `site.json`.
package struct SiteSettingsReader {
    package static let keys = [
        "title", "description", "baseURL", "language", "timeZone", "pageSize", "feedDepth", "feedEntries", "images", "videos", "showCameraDetails",
        "relativeURLs", "host", "precompress", "extra",
    ]

    package static func read(_ file: SourceFile) -> (SiteSettings?, [Diagnostic]) {
        var reader = RecordReader(file: file)
        guard let value = reader.parseJSON() else { return (nil, reader.diagnostics) }
        guard let fields = reader.fields(of: value, describedAs: "site.json", allowed: keys, required: ["title"]) else {
            return (nil, reader.diagnostics)
        }
        var settings = SiteSettings(title: reader.string(fields, "title") ?? "")
        settings.description = reader.optionalText(fields, "description")
        if let baseURL = reader.optionalText(fields, "baseURL"), let position = fields.position(of: "baseURL") {
            if let normalised = normaliseBaseURL(baseURL) {
                settings.baseURL = normalised
            } else {
                reader.report(
                    .invalidValue, at: position, "baseURL must be an absolute http or https URL such as https://example.org/photos/, found '\(baseURL)'")
            }
        }
        if let language = reader.string(fields, "language"), let position = fields.position(of: "language") {
            if isLanguageTag(language) {
                settings.language = language
                settings.languageLocation = reader.location(of: position)
            } else {
                reader.report(.invalidValue, at: position, "language must be a language tag such as 'en' or 'pt-BR', found '\(language)'")
            }
        }
        if let timeZone = reader.string(fields, "timeZone"), let position = fields.position(of: "timeZone") {
            if TimeZone(identifier: timeZone) != nil {
                settings.timeZone = timeZone
            } else {
                reader.report(.invalidValue, at: position, TimeZoneNames.unknown(timeZone))
            }
        }
        settings.pageSize = reader.positiveInteger(fields, "pageSize") ?? SiteSettings.defaultPageSize
        settings.feedDepth = reader.positiveInteger(fields, "feedDepth") ?? SiteSettings.defaultFeedDepth
        if let videos = fields["videos"] {
            settings.videos = VideoSettingsReader.read(videos.value, with: &reader)
        }
        if let images = fields["images"] {
            settings.images = ImageSettingsReader.read(images.value, with: &reader)
        }
        settings.feedEntries = reader.positiveInteger(fields, "feedEntries") ?? SiteSettings.defaultFeedEntries
        if let show = reader.boolean(fields, "showCameraDetails") { settings.showCameraDetails = show }
        if let relative = reader.boolean(fields, "relativeURLs") { settings.relativeURLs = relative }
        if let host = reader.string(fields, "host"), let position = fields.position(of: "host") {
            readHost(host, at: position, into: &settings, with: &reader)
        }
        if let precompress = reader.boolean(fields, "precompress") { settings.precompress = precompress }
        settings.extra = reader.extra(fields)
        if settings.title.allSatisfy(\.isWhitespace), let position = fields.position(of: "title") {
            reader.report(.invalidValue, at: position, "title must not be empty")
        }
        return (settings, reader.diagnostics)
    }

    private static func readHost(_ name: String, at position: ContentPosition, into settings: inout SiteSettings, with reader: inout RecordReader) {
        let names = HostKind.allCases.map(\.rawValue)
        guard let host = HostKind(rawValue: name) else {
            let suggestion = Suggestion.closest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? ""
            reader.report(.invalidValue, at: position, "host must be one of \(names.map { "'\($0)'" }.joined(separator: ", ")), found '\(name)'\(suggestion)")
            return
        }
        settings.host = host
        // Both serve the published folder at the root of the site's address.
        if host == .netlify || host == .cloudflarePages, settings.basePath != "/" {
            reader.warn(
                .invalidValue, at: position,
                "\(name) publishes the folder at the root of its address, but baseURL's path is \(settings.basePath): links will miss unless a proxy serves the site there; set baseURL to the site's address or turn on relativeURLs"
            )
        }
    }

    /// Accepts an http(s) URL without query or fragment, and makes sure it ends in `/`.
    package static func normaliseBaseURL(_ candidate: String) -> String? {
        guard WebURL.isHTTP(candidate), !candidate.contains("?"), !candidate.contains("#") else { return nil }
        return candidate.hasSuffix("/") ? candidate : candidate + "/"
    }

    static func isLanguageTag(_ candidate: String) -> Bool {
        let parts = candidate.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
