import TimelineModel

/// Reads the `videos` object of `site.json`.
package enum VideoSettingsReader {
    package static let keys = ["maxHeight", "maxDuration", "maxPixels", "maxBytes"]

    package static func read(_ value: ContentValue, with reader: inout RecordReader) -> VideoSettings {
        var settings = VideoSettings()
        guard let fields = reader.fields(of: value, describedAs: "'videos'", allowed: keys) else { return settings }
        if let height = reader.integer(fields, "maxHeight", in: 144...4320) { settings.maxHeight = height }
        if let seconds = reader.integer(fields, "maxDuration", in: 1...86_400) { settings.maxDurationSeconds = seconds }
        if let pixels = reader.integer(fields, "maxPixels", in: 1...100_000_000) { settings.maxPixels = pixels }
        if let bytes = reader.integer(fields, "maxBytes", in: 1...(1 << 40)) { settings.maxBytes = bytes }
        return settings
    }
}
