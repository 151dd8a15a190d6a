import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport

@Suite("Platform: file watcher")
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

    @Test("the system's watcher (inotify, FSEvents) reports files in new subfolders (the watch is recursive) and skips editor scratch files")
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

    @Test("the system's watcher watches every folder of a tree made at once (mkdir -p), however fast its subfolders follow their parent")
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

    @Test("the system's watcher watches a root made after watching starts, and again when it is removed and made anew; the root's siblings are not reported")
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
