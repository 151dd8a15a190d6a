import TimelineModel
import TimelineSystem

/// Precompressed copies (`"precompress": true` in site.json, or `--precompress`): beside every
/// HTML, XML, CSS, JS, JSON, text and SVG file of more than 1,024 bytes, a `.gz` and a `.br`
/// of exactly its bytes, for servers that send a stored compressed copy instead of
/// compressing each response (nginx's `gzip_static` and `brotli_static`). Both are written
/// for every such file, even where one is not smaller than the original, so a server always
/// finds them. The settings are fixed, so the same file always gives the same copies.
package struct Precompression: Sendable {
    /// One of a file's compressed copies.
    package enum Encoding: Sendable, CaseIterable {
        case gzip
        case brotli

        /// What the copy's path adds to the original's.
        var suffix: String {
            switch self {
            case .gzip: ".gz"
            case .brotli: ".br"
            }
        }
    }

    /// The file types that get copies: text that servers compress anyway. Photos are already
    /// compressed, and never get any.
    static let extensions: Set<String> = ["html", "xml", "css", "js", "json", "txt", "svg"]
    /// Files of this size or smaller get no copies: a response this small gains little, and
    /// servers do not compress it either.
    static let largestUncompressedSize = 1024

    /// The settings chosen by measurement on a generated site of 20,000 posts (docs/benchmarks.md).
    package static let standard = Precompression(gzip: GzipCompressor(level: 9, memoryLevel: 9), brotli: BrotliCompressor(quality: 9, largestWindowBits: 22))

    let gzip: GzipCompressor
    let brotli: BrotliCompressor
    /// Everything that decides the copies' bytes besides the original's: each compressor's
    /// settings and library version.
    package let settings: Digest

    init(gzip: GzipCompressor, brotli: BrotliCompressor) {
        self.gzip = gzip
        self.brotli = brotli
        var hasher = StableHasher()
        hasher.combine(gzip.identity)
        hasher.combine(brotli.identity)
        settings = hasher.finalize()
    }

    /// Whether a file at `path` is of a type that gets copies (when large enough).
    static func compresses(_ path: String) -> Bool {
        extensions.contains(Path.fileExtension(of: Path.fileName(of: path)))
    }

    /// Whether a file at `path` of `byteCount` bytes gets copies.
    static func compresses(_ path: String, byteCount: Int) -> Bool {
        byteCount > largestUncompressedSize && compresses(path)
    }

    /// The paths a file's copies have, whether or not it has them.
    static func copyPaths(of path: String) -> [String] {
        Encoding.allCases.map { path + $0.suffix }
    }

    /// What a copy is made from: the original's bytes (by their digest) and these settings.
    package func fingerprint(of encoding: Encoding, content: Digest) -> Digest {
        var hasher = StableHasher()
        hasher.combine(settings)
        hasher.combine(encoding.suffix)
        hasher.combine(content)
        return hasher.finalize()
    }

    func compress(_ bytes: [UInt8], as encoding: Encoding) throws(CompressionFailure) -> [UInt8] {
        switch encoding {
        case .gzip: try gzip.compress(bytes)
        case .brotli: try brotli.compress(bytes)
        }
    }
}

extension SiteSettings {
    /// The compressed copies the build writes, if any.
    package var precompression: Precompression? { precompress ? .standard : nil }
}
