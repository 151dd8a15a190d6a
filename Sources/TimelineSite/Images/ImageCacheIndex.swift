import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// What the image cache knows, kept in one small text file so a warm build opens no image:
/// which source has which digest (by the source's identity, `ContentAsset.identity`, which a
/// fresh clone keeps, so unchanged photos are not read again), each source's upright size, placeholder colours, the size of
/// every encoded file and, once a site has asked to show them, each source's camera details.
/// A missing or damaged index only costs re-encoding.
package struct ImageCacheIndex: Sendable, Equatable {
    /// A source as a job found it: its identity and its digest.
    package struct SourceEntry: Sendable, Hashable {
        package let identity: Digest
        package let digest: String
    }

    package struct EncodedEntry: Sendable, Hashable {
        package let size: PixelSize
        package let byteCount: Int
    }

    /// Source identity → digest.
    package var sources: [Digest: String] = [:]
    /// Source digest → upright pixel size.
    package var uprightSizes: [String: PixelSize] = [:]
    /// Colour key → `#rrggbb`.
    package var colors: [String: String] = [:]
    /// Rendition key → its encoded size.
    package var encoded: [String: EncodedEntry] = [:]
    /// Source digest → the camera fields of its EXIF (`CameraEXIF.fieldNames`, "" for each
    /// one it lacks), read once when `showCameraDetails` is first on. Records of another
    /// `CameraEXIF.recordVersion` are not read, so those photos are read again.
    package var cameras: [String: [String]] = [:]

    package init(
        sources: [Digest: String] = [:], uprightSizes: [String: PixelSize] = [:], colors: [String: String] = [:], encoded: [String: EncodedEntry] = [:],
        cameras: [String: [String]] = [:]
    ) {
        self.sources = sources
        self.uprightSizes = uprightSizes
        self.colors = colors
        self.encoded = encoded
        self.cameras = cameras
    }

    static let header = "timeline-image-cache 1"

    mutating func merge(_ other: ImageCacheIndex) {
        sources.merge(other.sources) { _, new in new }
        uprightSizes.merge(other.uprightSizes) { _, new in new }
        colors.merge(other.colors) { _, new in new }
        encoded.merge(other.encoded) { _, new in new }
        cameras.merge(other.cameras) { _, new in new }
    }

    /// Parses the index; anything unreadable is skipped, never trusted.
    static func parse(_ text: Substring) -> ImageCacheIndex {
        var index = ImageCacheIndex()
        var lines = text.split(separator: "\n")
        guard lines.first == Substring(header) else { return index }
        lines.removeFirst()
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("S", 3):
                if let identity = Digest(hex: fields[1]), isDigest(fields[2]) { index.sources[identity] = fields[2] }
            case ("U", 4):
                if isDigest(fields[1]), let width = Int(fields[2]), let height = Int(fields[3]) {
                    index.uprightSizes[fields[1]] = PixelSize(width: width, height: height)
                }
            case ("C", 3):
                if isDigest(fields[1]), fields[2].count == 7, fields[2].hasPrefix("#") { index.colors[fields[1]] = fields[2] }
            case ("E", 5):
                if isDigest(fields[1]), let width = Int(fields[2]), let height = Int(fields[3]), let bytes = Int(fields[4]) {
                    index.encoded[fields[1]] = EncodedEntry(size: PixelSize(width: width, height: height), byteCount: bytes)
                }
            case ("X", 3 + CameraEXIF.fieldNames.count):
                if fields[1] == String(CameraEXIF.recordVersion), isDigest(fields[2]) { index.cameras[fields[2]] = Array(fields[3...]) }
            default:
                continue
            }
        }
        return index
    }

    /// The index as text, sorted so that the file is stable.
    func serialized() -> String {
        var lines = [Self.header]
        for (identity, digest) in sources.sorted(by: { $0.key < $1.key }) {
            lines.append("S\t\(identity)\t\(digest)")
        }
        for (digest, size) in uprightSizes.sorted(by: { $0.key < $1.key }) {
            lines.append("U\t\(digest)\t\(size.width)\t\(size.height)")
        }
        for (key, color) in colors.sorted(by: { $0.key < $1.key }) {
            lines.append("C\t\(key)\t\(color)")
        }
        for (key, entry) in encoded.sorted(by: { $0.key < $1.key }) {
            lines.append("E\t\(key)\t\(entry.size.width)\t\(entry.size.height)\t\(entry.byteCount)")
        }
        for (digest, values) in cameras.sorted(by: { $0.key < $1.key })
        where values.count == CameraEXIF.fieldNames.count && !values.contains(where: { $0.contains("\t") || $0.contains("\n") }) {
            lines.append((["X", String(CameraEXIF.recordVersion), digest] + values).joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
