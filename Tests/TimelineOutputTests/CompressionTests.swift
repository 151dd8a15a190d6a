import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineModel
@testable import TimelineOutput

/// The compressors behind precompressed files: what they write decompresses to exactly the
/// input, and the same input always gives the same bytes.
@Suite("Compressors")
struct CompressionTests {
    static let inputs: [(name: String, bytes: [UInt8])] = [
        ("empty", []),
        ("one byte", [0x41]),
        ("a page", Array(String(repeating: "<li><a href=\"/users/alice/\">Alice</a> liked this photo</li>\n", count: 400).utf8)),
        (
            "bytes that do not compress",
            {
                var random = SplitMix(seed: 7)
                return (0..<70_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }()
        ),
    ]
    let precompression = Precompression.standard

    @Test("gzip: inflate gives back exactly the input", arguments: 0..<inputs.count)
    func gzipRoundTrip(_ index: Int) throws {
        let input = Self.inputs[index].bytes
        let compressed = try precompression.compress(input, as: .gzip)
        #expect(Decompression.gunzip(compressed) == input, "\(Self.inputs[index].name)")
    }

    @Test("brotli: BrotliDecoderDecompress gives back exactly the input", arguments: 0..<inputs.count)
    func brotliRoundTrip(_ index: Int) throws {
        let input = Self.inputs[index].bytes
        let compressed = try precompression.compress(input, as: .brotli)
        #expect(Decompression.unbrotli(compressed, expectedCount: input.count) == input, "\(Self.inputs[index].name)")
    }

    @Test("two compressions of the same bytes are byte-identical", arguments: Precompression.Encoding.allCases)
    func deterministic(_ encoding: Precompression.Encoding) throws {
        for input in Self.inputs {
            #expect(try precompression.compress(input.bytes, as: encoding) == precompression.compress(input.bytes, as: encoding), "\(input.name)")
            // A fresh value of the same settings too: nothing is kept between calls.
            #expect(try precompression.compress(input.bytes, as: encoding) == Precompression.standard.compress(input.bytes, as: encoding))
        }
    }

    // Expects these 10 bytes on every system: GzipCompressor sets the OS byte to Unix (3), where zlib on macOS writes 19.
    // The compressed bytes after the header are zlib's and brotli's own, so the tests here only round-trip them.
    @Test("the gzip header: no name, modification time 0, best compression, Unix")
    func gzipHeader() throws {
        let compressed = try precompression.compress(Self.inputs[2].bytes, as: .gzip)
        // ID1 ID2, deflate, no flags, MTIME 0 0 0 0, XFL 2 (level 9), OS 3.
        #expect(Array(compressed.prefix(10)) == [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x02, 0x03])
    }

    @Test("brotli's window is the smallest that holds the file, at most the largest")
    func brotliWindow() {
        let brotli = precompression.brotli
        #expect(brotli.windowBits(for: 0) == 10)
        #expect(brotli.windowBits(for: 1008) == 10)
        #expect(brotli.windowBits(for: 1009) == 11)
        #expect(brotli.windowBits(for: 65_520) == 16)
        #expect(brotli.windowBits(for: 65_521) == 17)
        #expect(brotli.windowBits(for: 100_000_000) == brotli.largestWindowBits)
    }

    @Test("the system's gzip -d reads what GzipCompressor writes")
    func systemGzip() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gzip") else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-gzip-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = Self.inputs[2].bytes
        try Data(try precompression.compress(input, as: .gzip)).write(to: URL(fileURLWithPath: folder + "/page.html.gz"))
        let result = try Subprocess.runBlocking("/usr/bin/gzip", ["-d", "-k", folder + "/page.html.gz"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/page.html"))) == input)
    }

    @Test("text files of more than 1,024 bytes get copies; photos, copies and small files do not")
    func eligibility() {
        for path in ["index.html", "feed.xml", "assets/style.css", "assets/search.js", "search/manifest.1a2b.json", "search/posts/c/0.txt", "logo.svg"] {
            #expect(Precompression.compresses(path, byteCount: 1025), "\(path)")
            #expect(!Precompression.compresses(path, byteCount: 1024), "\(path)")
        }
        for path in ["photo.jpg", "photo.webp", "index.html.gz", "index.html.br", "README", "folder.html/file", "HTML"] {
            #expect(!Precompression.compresses(path, byteCount: 100_000), "\(path)")
        }
    }

    @Test("the copies' fingerprints differ by encoding and by the original's bytes")
    func fingerprints() {
        let one = Digest.of(Array("one".utf8))
        let two = Digest.of(Array("two".utf8))
        #expect(precompression.fingerprint(of: .gzip, content: one) != precompression.fingerprint(of: .brotli, content: one))
        #expect(precompression.fingerprint(of: .gzip, content: one) != precompression.fingerprint(of: .gzip, content: two))
        let other = Precompression(gzip: GzipCompressor(level: 6), brotli: precompression.brotli)
        #expect(other.settings != precompression.settings)
    }
}
