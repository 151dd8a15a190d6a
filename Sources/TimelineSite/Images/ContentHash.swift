import CVipsSupport
import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// SHA-256 digests (GLib's, through the libvips wrapper) as lowercase hex: the cache keys.
package enum ContentHash {
    static func ofFile(_ path: String) throws(FileSystem.Failure) -> String {
        var hex = [CChar](repeating: 0, count: 65)
        guard timeline_sha256_file(path, &hex) == 0 else { throw FileSystem.Failure(path: path, operation: "read", code: SystemError.last) }
        return String(decoding: hex.prefix(64).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package static func of(_ text: String) -> String {
        of(bytes: Array(text.utf8))
    }

    package static func of(bytes: [UInt8]) -> String {
        var hex = [CChar](repeating: 0, count: 65)
        timeline_sha256_bytes(bytes, bytes.count, &hex)
        return String(decoding: hex.prefix(64).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
