import Foundation
import Testing
import TimelineModel
import TimelineSystem
import TimelineTestSupport

@testable import TimelinePreview

@Suite("Preview: safe paths")
struct SafePathTests {
    @Test("ordinary paths decode segment by segment")
    func ordinary() throws {
        let path = try SafePath(requestTarget: "/p/-K25Fj8qr%20x/?q=1#top")
        #expect(path.segments == ["p", "-K25Fj8qr x"])
        #expect(path.endsWithSlash)
        #expect(try SafePath(requestTarget: "/").segments.isEmpty)
        #expect(try SafePath(requestTarget: "//assets//style.css").segments == ["assets", "style.css"])
        #expect(try !SafePath(requestTarget: "/assets/style.css").endsWithSlash)
        #expect(try SafePath(requestTarget: "/u/caf%C3%A9/").segments == ["u", "café"])
    }

    @Test(
        "refusals",
        arguments: [
            ("/../x", SafePath.Refusal.dotSegment), ("/%2e%2e/x", .dotSegment), ("/%2E%2E%2Fx", .encodedSeparator),
            ("/..%2fx", .encodedSeparator), ("/a/..\\x", .backslash), ("/%5cx", .encodedSeparator), ("/a%00.html", .controlCharacter),
            ("/.hidden", .dotSegment), ("/./x", .dotSegment), ("/%zz", .badPercentEncoding), ("/%4", .badPercentEncoding),
            ("x", .notAbsolute), ("/%ff", .invalidUTF8), ("/a%0a", .controlCharacter),
        ])
    func refused(_ target: String, _ refusal: SafePath.Refusal) {
        #expect(throws: refusal) { try SafePath(requestTarget: target) }
    }

    @Test("base paths are removed, and folder URLs are re-encoded")
    func basePath() throws {
        let path = try SafePath(requestTarget: "/photos/u/a%20b")
        let inside = try #require(path.removingPrefix("/photos/"))
        #expect(inside.segments == ["u", "a b"])
        #expect(inside.folderURL(under: "/photos/") == "/photos/u/a%20b/")
        #expect(path.removingPrefix("/other/") == nil)
        #expect(path.removingPrefix("/")?.segments == ["photos", "u", "a b"])
    }
}

@Suite("Preview: pieces")
struct PreviewPieceTests {
    @Test("the script goes before the last </body>, whatever its case, or at the end")
    func injection() {
        let page = Array("<html><body><p>&lt;/body&gt;</p></BODY></html>".utf8)
        #expect(String(decoding: ReloadScript.inject("<s>", into: page), as: UTF8.self) == "<html><body><p>&lt;/body&gt;</p><s></BODY></html>")
        #expect(String(decoding: ReloadScript.inject("<s>", into: Array("plain".utf8)), as: UTF8.self) == "plain<s>")
        #expect(String(decoding: ReloadScript.inject("<s>", into: []), as: UTF8.self) == "<s>")
    }

    @Test("the error panel escapes paths and messages")
    func errorPanelEscapes() {
        let failure = BuildFailure([
            .error(.malformedJSON, stage: .load, at: SourceLocation(path: "Content/<b>.json", line: 3, column: 7), "bad \"<script>alert(1)</script>\" & more")
        ])
        let overlay = ErrorPage.overlay(failure)
        #expect(overlay.contains("Content/&lt;b&gt;.json:3:7"))
        #expect(overlay.contains("bad &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; more"))
        #expect(!overlay.contains("<script>"))
        #expect(!overlay.contains("<b>"))
    }

    @Test("content types by extension")
    func contentTypes() {
        #expect(ContentTypes.type(forFileName: "index.html") == "text/html; charset=utf-8")
        #expect(ContentTypes.type(forFileName: "photo.WEBP") == "image/webp")
        #expect(ContentTypes.type(forFileName: "feed.xml") == "application/xml; charset=utf-8")
        #expect(ContentTypes.type(forFileName: "robots.txt") == "text/plain; charset=utf-8")
        #expect(ContentTypes.type(forFileName: "noextension") == ContentTypes.fallback)
    }

    @Test("events in the text/event-stream format")
    func eventFormat() {
        #expect(ReloadEvent.reload(generation: 3).serialized == "event: reload\ndata: 3\n\n")
        #expect(ReloadEvent.stylesheets(generation: 4).serialized == "event: stylesheets\ndata: 4\n\n")
        #expect(ReloadEvent.ping.serialized == ": ping\n\n")
    }
}

@Suite("Preview: file watcher")
struct FileWatcherTests {
    /// Collects the watcher's batches until one holds `path`, or the deadline passes.
    static func waitForChange(_ batches: AsyncStream<[String]>, containing path: String, timeout: Duration = .seconds(10)) async throws -> Bool {
        try await withDeadline(timeout) {
            for await batch in batches where batch.contains(path) { return true }
            return false
        } ?? false
    }

    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/a", withIntermediateDirectories: true)
        return folder
    }

    @Test("inotify reports files in new subfolders (the watch is recursive) and skips editor scratch files")
    func recursive() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (mechanism, batches) = FileWatcher(roots: [folder]).changes()
        #expect(mechanism == .native)
        try FileManager.default.createDirectory(atPath: folder + "/a/new/deeper", withIntermediateDirectories: true)
        // The watcher watches a new folder's tree before it reports the folder.
        #expect(try await Self.waitForChange(batches, containing: folder + "/a/new"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/a/new/deeper/.post.md.swp"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/a/new/deeper/post.md"))
        let (seen, sawScratch) =
            try await withDeadline(.seconds(10)) { () -> (Bool, Bool)? in
                var scratch = false
                for await batch in batches {
                    scratch = scratch || batch.contains { $0.hasSuffix(".swp") }
                    if batch.contains(folder + "/a/new/deeper/post.md") { return (true, scratch) }
                }
                return nil
            } ?? (false, false)
        #expect(seen)
        #expect(!sawScratch)
    }

    @Test("inotify watches every folder of a tree made at once (mkdir -p), however fast its subfolders follow their parent")
    func treesMadeAtOnce() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (mechanism, batches) = FileWatcher(roots: [folder]).changes()
        #expect(mechanism == .native)
        let trees = (0..<40).map { folder + "/a/tree\($0)/deeper/deepest" }
        for tree in trees { try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true) }
        // Every folder is watched once the watcher has reported the last tree's top.
        #expect(try await Self.waitForChange(batches, containing: folder + "/a/tree39"))
        for tree in trees { try Data("x".utf8).write(to: URL(fileURLWithPath: tree + "/post.md")) }
        let missing =
            try await withDeadline(.seconds(10)) { () -> Set<String>? in
                var waiting = Set(trees.map { $0 + "/post.md" })
                for await batch in batches {
                    waiting.subtract(batch)
                    if waiting.isEmpty { return waiting }
                }
                return waiting
            } ?? ["the deadline passed"]
        #expect(missing.isEmpty, "not reported: \(missing.sorted())")
    }

    @Test("inotify watches a root made after watching starts, and again when it is removed and made anew; the root's siblings are not reported")
    func rootMadeLater() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let root = folder + "/Templates"
        let (mechanism, batches) = FileWatcher(roots: [root]).changes()
        #expect(mechanism == .native)
        var seen: [String] = []
        /// Collects batches into `seen` until one holds `path`.
        func waitFor(_ path: String) async throws -> Bool {
            try await withDeadline(.seconds(10)) { () -> [String]? in
                var paths: [String] = []
                for await batch in batches {
                    paths += batch
                    if batch.contains(path) { return paths }
                }
                return nil
            }.map { seen += $0 } != nil
        }
        let manager = FileManager.default
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/a/other.md"))
        try manager.createDirectory(atPath: root + "/partials", withIntermediateDirectories: true)
        #expect(try await waitFor(root))
        try Data("1".utf8).write(to: URL(fileURLWithPath: root + "/partials/post-card.mustache"))
        #expect(try await waitFor(root + "/partials/post-card.mustache"))
        try manager.removeItem(atPath: root)
        #expect(try await waitFor(root))
        try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        #expect(try await waitFor(root))
        try Data("2".utf8).write(to: URL(fileURLWithPath: root + "/base.mustache"))
        #expect(try await waitFor(root + "/base.mustache"))
        #expect(seen.allSatisfy { $0.hasPrefix(root) })
    }

    @Test("polling reports changed, new and removed files, also in folders made while it runs")
    func polling() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("1".utf8).write(to: URL(fileURLWithPath: folder + "/a/old.md"))
        let (mechanism, batches) = FileWatcher(roots: [folder], mode: .polling(interval: .milliseconds(20))).changes()
        #expect(mechanism == .polling(interval: .milliseconds(20)))
        try Data("2".utf8).write(to: URL(fileURLWithPath: folder + "/a/new.md"))
        #expect(try await Self.waitForChange(batches, containing: folder + "/a/new.md"))
        try FileManager.default.removeItem(atPath: folder + "/a/old.md")
        #expect(try await Self.waitForChange(batches, containing: folder + "/a/old.md"))
        try FileManager.default.createDirectory(atPath: folder + "/a/deep/er", withIntermediateDirectories: true)
        try Data("3".utf8).write(to: URL(fileURLWithPath: folder + "/a/deep/er/post.md"))
        #expect(try await Self.waitForChange(batches, containing: folder + "/a/deep/er/post.md"))
    }
}
