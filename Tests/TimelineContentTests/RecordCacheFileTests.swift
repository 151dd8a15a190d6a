import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineContent
@testable import TimelineModel

/// The record cache is read back only when this build of the tool wrote it.
@Suite("Record cache files")
struct RecordCacheFileTests {
    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("timeline-records-\(UUID().uuidString)").path
    }

    /// A cache with `count` users, so that the file is larger than the header read first.
    private func cache(tool: Digest, users count: Int) throws -> RecordCache {
        var cache = RecordCache(displayPrefix: "Content/")
        cache.tool = tool
        for index in 0..<count {
            let username = "user\(index)"
            let user = User(
                username: username, name: "User \(index)", bio: nil, url: nil, avatar: nil, follows: [],
                source: SourceLocation(path: "Content/users/\(username).json", line: 1, column: 1))
            cache.users[username + ".json"] = RecordCache.Entry(dependencies: [], record: user, warnings: [])
        }
        return cache
    }

    @Test("a cache this tool wrote is read back whole", arguments: [1, 500])
    func sameTool(users: Int) throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try cache(tool: BuildTool.digest, users: users).write(to: path)
        let read = try #require(RecordCache.read(from: path))
        #expect(read.users.count == users)
    }

    @Test("a cache another build of the tool wrote is not used", arguments: [1, 500])
    func otherTool(users: Int) throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let other = Digest(high: ~BuildTool.digest.high, low: BuildTool.digest.low)
        try cache(tool: other, users: users).write(to: path)
        // Small files are decoded and then refused by the loader's check; large ones are not decoded.
        let read = RecordCache.read(from: path)
        #expect(read == nil || read?.tool == other)
        if users > 1 { #expect(read == nil) }
    }

    @Test("a missing or damaged cache is none")
    func damaged() throws {
        #expect(RecordCache.read(from: temporaryPath()) == nil)
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("not a record cache".utf8).write(to: URL(fileURLWithPath: path))
        #expect(RecordCache.read(from: path) == nil)
    }
}
