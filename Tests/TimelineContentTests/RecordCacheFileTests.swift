import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport

@testable import TimelineContent
@testable import TimelineModel

/// The record cache is read back only when this build of the tool wrote it.
@Suite("Record cache files")
struct RecordCacheFileTests {
    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("timeline-records-\(UUID().uuidString)").path
    }

    private let noInputs: RecordCache.InputRuns = { _, _ in nil }

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
        let read = try #require(RecordCache.read(from: path, inputs: noInputs))
        #expect(read.users.count == users)
    }

    @Test("a cache another build of the tool wrote is not used", arguments: [1, 500])
    func otherTool(users: Int) throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let other = Digest(high: ~BuildTool.digest.high, low: BuildTool.digest.low)
        try cache(tool: other, users: users).write(to: path)
        // Small files are decoded and then refused by the loader's check; large ones are not decoded.
        let read = RecordCache.read(from: path, inputs: noInputs)
        #expect(read == nil || read?.tool == other)
        if users > 1 { #expect(read == nil) }
    }

    @Test("a missing or damaged cache is none")
    func damaged() throws {
        #expect(RecordCache.read(from: temporaryPath(), inputs: noInputs) == nil)
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("not a record cache".utf8).write(to: URL(fileURLWithPath: path))
        #expect(RecordCache.read(from: path, inputs: noInputs) == nil)
    }

    @Test("an entry is read back with the inputs the snapshot has for it, only while they are those it was read from")
    func inputs() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = FileSystem.Status(size: 10, modifiedNanoseconds: 5, changedNanoseconds: 5, inode: 7, isDirectory: false)
        let dependencies = [
            RecordCache.Dependency(path: "users/ada.json", status: status, identity: Digest(high: 1, low: 2)),
            RecordCache.Dependency(path: "users/ada.jpg", status: status, identity: Digest(high: 3, low: 4)),
        ]
        var cache = try cache(tool: BuildTool.digest, users: 1)
        let user = try #require(cache.users["user0.json"]).record
        cache.users = ["ada.json": RecordCache.Entry(dependencies: dependencies, record: user, warnings: [])]
        try cache.write(to: path)

        // Another status for the same bytes (a fresh clone): the entry, with the status noted now.
        let moved = FileSystem.Status(size: 10, modifiedNanoseconds: 9, changedNanoseconds: 9, inode: 8, isDirectory: false)
        let noted = dependencies.map { RecordCache.Dependency(path: $0.path, status: moved, identity: $0.identity) }
        var asked: [(String, Int)] = []
        let read = try #require(
            RecordCache.read(from: path) { place, count in
                asked.append((place, count))
                return noted
            })
        #expect(asked.map(\.0) == ["users/ada.json"] && asked.map(\.1) == [2])
        #expect(read.users["ada.json"]?.dependencies == noted)

        // Another identity (the avatar changed since), another path, or none: not taken.
        var changed = noted
        changed[1] = RecordCache.Dependency(path: "users/ada.jpg", status: moved, identity: Digest(high: 3, low: 5))
        var renamed = noted
        renamed[1] = RecordCache.Dependency(path: "users/ada.png", status: moved, identity: Digest(high: 3, low: 4))
        for inputs in [changed, renamed, nil] {
            #expect(RecordCache.read(from: path, inputs: { _, _ in inputs })?.users.isEmpty == true)
        }
    }
}
