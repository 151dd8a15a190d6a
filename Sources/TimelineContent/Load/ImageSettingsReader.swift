import TimelineModel

/// Reads the `images` object of `site.json`.
package enum ImageSettingsReader {
    package static let keys = [
        "process", "widths", "thumbnailSizes", "avatarSizes", "jpegQuality", "webpQuality", "keepCameraData",
        "publishOriginals", "maxPixels",
    ]
    static let sideRange = 16...8192

    package static func read(_ value: ContentValue, with reader: inout RecordReader) -> ImageSettings {
        var settings = ImageSettings()
        guard let fields = reader.fields(of: value, describedAs: "'images'", allowed: keys) else { return settings }
        if let process = reader.boolean(fields, "process") { settings.process = process }
        if let widths = sizes(fields, "widths", with: &reader) { settings.widths = widths }
        if let sizes = sizes(fields, "thumbnailSizes", with: &reader) { settings.thumbnailSizes = sizes }
        if let sizes = sizes(fields, "avatarSizes", with: &reader) { settings.avatarSizes = sizes }
        if let quality = reader.integer(fields, "jpegQuality", in: 1...100) { settings.jpegQuality = quality }
        if let quality = reader.integer(fields, "webpQuality", in: 1...100) { settings.webpQuality = quality }
        if let keep = reader.boolean(fields, "keepCameraData") { settings.keepCameraData = keep }
        if let publish = reader.boolean(fields, "publishOriginals") { settings.publishOriginals = publish }
        if let limit = reader.integer(fields, "maxPixels", in: 1...1_000_000_000) { settings.maxPixels = limit }
        return settings
    }

    /// A non-empty list of pixel sizes, returned sorted and without repeats.
    package static func sizes(_ fields: RecordFields, _ key: String, with reader: inout RecordReader) -> [Int]? {
        guard let member = fields[key] else { return nil }
        let elements = reader.array(fields, key)
        guard case .array = member.value.kind else { return nil }
        if elements.isEmpty {
            reader.report(.invalidValue, at: member.value.position, "'\(key)' must list at least one size")
            return nil
        }
        var sizes: [Int] = []
        for element in elements {
            guard let size = reader.integer(element, describedAs: "each of '\(key)'", in: sideRange) else { return nil }
            sizes.append(size)
        }
        return Array(Set(sizes)).sorted()
    }
}
