import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineModel

/// `"precompress": true` and `--precompress`: a `.gz` and a `.br` beside every text file of more
/// than 1,024 bytes, byte-identical between builds and kept in step by incremental builds.
@Suite("Precompressed builds")
struct PrecompressedBuildTests {
    /// The rule as the documentation states it, written out again rather than taken from the code.
    static func getsCopies(_ path: String, byteCount: Int) -> Bool {
        let types = ["html", "xml", "css", "js", "json", "txt", "svg"]
        return byteCount > 1024 && types.contains((path as NSString).pathExtension)
    }

    static func isCopy(_ path: String) -> Bool { path.hasSuffix(".gz") || path.hasSuffix(".br") }

    /// Checks every file of `folder`: each that gets copies has both, decompressing to exactly
    /// its bytes, and no other file has any. Returns how many files have copies.
    @discardableResult
    static func expectCopies(in folder: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Int {
        let files = try SiteFixture.snapshot(folder)
        var compressed = 0
        for (path, data) in files where !isCopy(path) {
            let bytes = Array(data)
            let gzip = files[path + ".gz"].map(Array.init)
            let brotli = files[path + ".br"].map(Array.init)
            guard getsCopies(path, byteCount: bytes.count) else {
                #expect(gzip == nil && brotli == nil, "\(path) (\(bytes.count) bytes) has a compressed copy", sourceLocation: sourceLocation)
                continue
            }
            compressed += 1
            #expect(gzip.flatMap(Decompression.gunzip) == bytes, "\(path).gz", sourceLocation: sourceLocation)
            #expect(brotli.flatMap { Decompression.unbrotli($0, expectedCount: bytes.count) } == bytes, "\(path).br", sourceLocation: sourceLocation)
        }
        for path in files.keys where isCopy(path) {
            #expect(files[String(path.dropLast(3))] != nil, "\(path) has no original", sourceLocation: sourceLocation)
        }
        return compressed
    }

    static func precompressedSite() throws -> SiteFixture {
        let fixture = try SiteFixture(site: #"{"title": "Fixture", "baseURL": "https://example.org/", "pageSize": 2, "feedDepth": 2, "precompress": true}"#)
        try fixture.user("alice", follows: ["bob"])
        try fixture.user("bob", follows: ["alice"])
        try fixture.post("-K25Fj8qrMAtxXG3QCSn", by: "alice", caption: "First *post*")
        try fixture.post("-K36oDNVDXuaek0DUCoc", by: "bob", caption: "Second post")
        try fixture.post("-K47oDNVDXuaek0DUCoc", by: "bob", caption: "Third post")
        return fixture
    }

    /// Each file's inode and modification time, by path.
    static func stamps(_ folder: String) throws -> [String: [Int64]] {
        try SiteFixture.snapshot(folder).keys.reduce(into: [:]) { stamps, path in
            guard let status = FileSystem.status(of: folder + "/" + path) else { return }
            stamps[path] = [Int64(bitPattern: status.inode), status.modifiedNanoseconds]
        }
    }

    @Test("the example site with --precompress: every eligible file has a .gz and a .br that decompress to it; photos and small files have none")
    func exampleSite() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-precompressed-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var options = BuildOptions(siteRoot: RepositoryPaths.root, output: output, cache: RepositoryPaths.exampleImageCache)
        options.precompress = true
        _ = try await SiteBuilder.build(options)
        let compressed = try Self.expectCopies(in: output)
        let files = try SiteFixture.snapshot(output)
        #expect(compressed > 50, "\(compressed) files with copies")
        for (path, data) in files where !Self.isCopy(path) {
            let kind = (path as NSString).pathExtension
            if ["jpg", "webp"].contains(kind) { #expect(files[path + ".gz"] == nil && files[path + ".br"] == nil, "\(path)") }
            if data.count <= 1024 { #expect(files[path + ".gz"] == nil, "\(path)") }
        }
        #expect(files.keys.contains { $0.hasSuffix(".jpg") } && files.keys.contains { $0.hasSuffix(".webp") })
        #expect(
            files.contains { !Self.isCopy($0.key) && ["txt", "json"].contains(($0.key as NSString).pathExtension) && $0.value.count <= 1024 },
            "the example has small search files")
        for kind in ["html", "xml", "css", "js", "txt"] {
            #expect(files.keys.contains { $0.hasSuffix("." + kind + ".br") }, "no .\(kind) was compressed")
        }
    }

    @Test("two clean builds write byte-identical .gz and .br files")
    func deterministic() async throws {
        let fixture = try Self.precompressedSite()
        _ = try await fixture.build()
        var again = BuildOptions(siteRoot: fixture.root, output: fixture.root + "/Again", cache: fixture.root + "/.again-cache")
        again.clean = true
        _ = try await SiteBuilder.build(again)
        let first = try SiteFixture.snapshot(fixture.output).filter { Self.isCopy($0.key) }
        let second = try SiteFixture.snapshot(fixture.root + "/Again").filter { Self.isCopy($0.key) }
        #expect(first.count > 20)
        #expect(first == second)
    }

    @Test("a caption edit rewrites the page's .gz and .br with it and leaves every other copy alone", arguments: [false, true])
    func captionEdit(throughSession: Bool) async throws {
        let fixture = try Self.precompressedSite()
        var options = fixture.options()
        options.racyWindowNanoseconds = 0
        let session = BuildSession(options: options)
        func build(_ changes: [String]) async throws -> BuildReport {
            throughSession ? try await session.build(changes: changes) : try await SiteBuilder.build(options)
        }
        _ = try await build([])
        let before = try SiteFixture.snapshot(fixture.output)
        let stampsBefore = try Self.stamps(fixture.output)

        try fixture.write("Content/posts/-K25Fj8qrMAtxXG3QCSn/post.md", "---\nusername: alice\nalt: A rocket\n---\nAn edited *caption*, zebrafish")
        let report = try await build([fixture.content + "/posts/-K25Fj8qrMAtxXG3QCSn/post.md"])
        #expect(report.files.mode == .edit)
        let after = try SiteFixture.snapshot(fixture.output)
        let stampsAfter = try Self.stamps(fixture.output)
        try Self.expectCopies(in: fixture.output)

        let page = "p/-K25Fj8qrMAtxXG3QCSn/index.html"
        let html = try #require(after[page].map(Array.init))
        #expect(String(decoding: html, as: UTF8.self).contains("zebrafish"))
        for copy in [page + ".gz", page + ".br"] {
            #expect(after[copy] != before[copy], "\(copy) did not change")
        }
        #expect(after[page + ".gz"].flatMap { Decompression.gunzip(Array($0)) } == html)
        // Every copy whose original kept its bytes was left alone: same inode and time.
        for (path, data) in after where Self.isCopy(path) && before[path] == data {
            #expect(stampsAfter[path] == stampsBefore[path], "\(path) was rewritten with the same bytes")
        }
        #expect(after.keys.filter(Self.isCopy).contains { before[$0] == after[$0] }, "some copies stayed as they were")
        let changedOriginals = Set(after.keys.filter { !Self.isCopy($0) && before[$0] != after[$0] })
        for path in after.keys where Self.isCopy(path) && before[path] != after[path] {
            #expect(changedOriginals.contains(String(path.dropLast(3))), "\(path) changed but its original did not")
        }
    }

    @Test("deleting a post deletes its page's .gz and .br")
    func deletedPost() async throws {
        let fixture = try Self.precompressedSite()
        _ = try await fixture.build()
        let page = "p/-K47oDNVDXuaek0DUCoc/index.html"
        #expect(fixture.exists(page + ".gz") && fixture.exists(page + ".br"))
        try fixture.remove("Content/posts/-K47oDNVDXuaek0DUCoc")
        let report = try await fixture.build()
        // An edit build (`DeletedPost`), which removes the copies with their originals.
        #expect(report.files.mode == .edit)
        #expect(!fixture.exists(page) && !fixture.exists(page + ".gz") && !fixture.exists(page + ".br"))
        try Self.expectCopies(in: fixture.output)
    }

    @Test("turning precompress off deletes every copy and leaves the originals alone; turning it on again brings them back")
    func turnedOffAndOn() async throws {
        let fixture = try Self.precompressedSite()
        _ = try await fixture.build()
        let withCopies = try SiteFixture.snapshot(fixture.output)
        let stampsBefore = try Self.stamps(fixture.output)
        #expect(withCopies.keys.contains(where: Self.isCopy))

        try fixture.write("Content/site.json", #"{"title": "Fixture", "baseURL": "https://example.org/", "pageSize": 2, "feedDepth": 2, "precompress": false}"#)
        let off = try await fixture.build()
        let without = try SiteFixture.snapshot(fixture.output)
        #expect(!without.keys.contains(where: Self.isCopy))
        #expect(off.files.deleted == withCopies.keys.filter(Self.isCopy).count)
        #expect(without == withCopies.filter { !Self.isCopy($0.key) })
        let stampsOff = try Self.stamps(fixture.output)
        for path in without.keys { #expect(stampsOff[path] == stampsBefore[path], "\(path) was rewritten") }

        // The command line's --precompress overrides site.json.
        var options = fixture.options()
        options.precompress = true
        let on = try await SiteBuilder.build(options)
        #expect(on.files.written == withCopies.keys.filter(Self.isCopy).count)
        #expect(try SiteFixture.snapshot(fixture.output) == withCopies)
        options.precompress = false
        _ = try await SiteBuilder.build(options)
        #expect(!(try SiteFixture.snapshot(fixture.output)).keys.contains(where: Self.isCopy))
    }

    @Test("precompress must be true or false: an error at its line and column")
    func wrongType() async throws {
        let fixture = try SiteFixture(site: "{\n  \"title\": \"Fixture\",\n  \"precompress\": \"yes\"\n}\n")
        let diagnostics = await fixture.failingBuild()
        let problem = try #require(diagnostics.first { $0.message.contains("precompress") })
        #expect(problem.code == .wrongType)
        #expect(problem.location.path.hasSuffix("Content/site.json") && problem.location.line == 3 && problem.location.column == 18)
        #expect(problem.message == "'precompress' must be true or false, found a string")
    }
}
