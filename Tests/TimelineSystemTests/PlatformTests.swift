import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport

/// The platform layer's calls that differ between Linux and Darwin, each checked for what it
/// gives on the system the tests run on.
@Suite("Platform: system calls")
struct PlatformTests {
    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-platform-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("two paths exchange in one step, or the system says it cannot (ENOSYS, ENOTSUP)")
    func exchange() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileSystem.writeFile(folder + "/first", bytes: Array("one".utf8))
        try FileSystem.makeDirectory(folder + "/second")
        do {
            try FileSystem.exchange(folder + "/first", folder + "/second")
            #expect(FileSystem.kind(of: folder + "/first") == .directory)
            #expect(try FileSystem.readBytes(folder + "/second") == Array("one".utf8))
        } catch {
            #expect(error.errno == .noFunction || error.errno == .notSupported, "\(error)")
        }
    }

    @Test("a tree is removed whole while it is listed: a folder of 3,000 files, nested folders, a link's target left alone")
    func removeTree() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tree = folder + "/tree"
        try FileSystem.makeDirectories(tree + "/posts/a/b")
        for index in 0..<3000 { try FileSystem.writeFile(tree + "/posts/post-\(index)", bytes: [UInt8(index % 256)]) }
        try FileSystem.writeFile(tree + "/posts/a/b/deep", bytes: [1])
        try FileSystem.writeFile(folder + "/outside", bytes: [2])
        try FileManager.default.createSymbolicLink(atPath: tree + "/link", withDestinationPath: folder + "/outside")
        try FileSystem.removeTree(tree)
        #expect(FileSystem.kind(of: tree) == .missing)
        #expect(try FileSystem.readBytes(folder + "/outside") == [2])
        try FileSystem.removeTree(tree)
    }

    @Test("a tree is removed in shares, one per worker: each removes its part of every folder, and removeTree the rest")
    func removeShares() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tree = folder + "/site"
        for index in 0..<400 { try FileSystem.makeDirectories(tree + "/posts/post-\(index)/photos") }
        for index in 0..<400 { try FileSystem.writeFile(tree + "/posts/post-\(index)/photos/a.jpg", bytes: [1]) }
        for index in 0..<50 { try FileSystem.writeFile(tree + "/page-\(index).html", bytes: [2]) }
        FileSystem.removeShare(of: tree, 0, of: 2)
        let left = try FileSystem.entries(of: tree + "/posts").count
        #expect(left > 0 && left < 400, "one share of two leaves some of the posts: \(left)")
        await withTaskGroup(of: Void.self) { group in
            for share in 0..<3 { group.addTask { FileSystem.removeShare(of: tree, share, of: 3) } }
        }
        #expect(try FileSystem.entries(of: tree) == ["posts"])
        #expect(try FileSystem.entries(of: tree + "/posts").isEmpty)
        try FileSystem.removeTree(tree)
        #expect(FileSystem.kind(of: tree) == .missing)
    }

    @Test("the running executable is found: an absolute path to a file")
    func executable() throws {
        let path = try #require(CurrentProcess.executablePath)
        #expect(path.hasPrefix("/"))
        #expect(FileSystem.resolvedKind(of: path) == .file)
    }

    @Test("peak memory is in bytes: at least what a touched buffer of 64 MiB holds")
    func peakMemory() throws {
        let size = 64 << 20
        var buffer = [UInt8](repeating: 1, count: size)
        buffer[size - 1] = 2
        let peak = try #require(PeakMemory.bytes)
        #expect(peak >= size)
        #expect(peak < 1 << 40, "a peak of \(peak) is not in bytes")
        FreedMemory.returnToSystem()
        #expect(buffer[size - 1] == 2)
    }

    @Test("a file's status: size, modification and change times in nanoseconds, inode, kind; missing is nil")
    func status() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/file"
        let before = WallClock.nanoseconds
        try FileSystem.writeFile(file, bytes: Array(repeating: 7, count: 1234))
        let status = try #require(FileSystem.status(of: file))
        #expect(status.size == 1234)
        #expect(!status.isDirectory)
        // File times may be coarser than the clock: within a second of it.
        #expect(abs(status.modifiedNanoseconds - before) < 2_000_000_000)
        #expect(status.changedNanoseconds >= status.modifiedNanoseconds - 1_000_000_000)
        #expect(FileSystem.stamp(of: file)?.inode == status.inode)
        #expect(FileSystem.status(of: folder)?.isDirectory == true)
        #expect(FileSystem.status(of: folder + "/missing") == nil)
    }

    @Test("a confined walk never follows a symbolic link, even to a file inside the folder")
    func confinedFolder() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileSystem.makeDirectory(folder + "/a")
        try FileSystem.writeFile(folder + "/a/index.html", bytes: Array("page".utf8))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/a/index.html")
        let confined = ConfinedFolder(root: folder)
        guard case .file(let file) = confined.walk(["a", "index.html"]) else {
            Issue.record("the file was not found")
            return
        }
        #expect(file.bytes == Array("page".utf8))
        guard case .notFound = confined.walk(["link"]) else {
            Issue.record("a symbolic link was followed")
            return
        }
    }

    @Test("a loopback connection sends and receives; a listener holds its port")
    func loopback() throws {
        let listener = try LoopbackListener()
        #expect(listener.port > 0)
        let connection = try LoopbackConnection(port: listener.port, receiveTimeout: 1)
        #expect(connection.send("hello"))
        let free = try #require(LoopbackListener.freePort())
        #expect(throws: LoopbackConnection.Failure.self) { try LoopbackConnection(port: free) }
    }

    @Test("a child that takes more memory than its limit is stopped: on Linux its allocation fails (RLIMIT_AS), on macOS the memory watch kills it")
    func childOverMemory() throws {
        let python = try #require(ChildProcess.find("python3"), "python3 runs the child")
        // Touches a MiB at a time, without end: only the limit stops it.
        let program = "chunks = []\nwhile True:\n    chunks.append(b'x' * (1 << 20))\n"
        let outcome = try #require(ChildProcess.run(python, arguments: ["-c", program], limits: .init(timeoutSeconds: 120, memoryBytes: 256 << 20)))
        #expect(!outcome.succeeded)
        #expect(!outcome.timedOut)
        #expect(outcome.exceededMemory == !SystemName.isLinux, "status \(outcome.status)")
        if SystemName.isLinux { #expect(String(decoding: outcome.messages, as: UTF8.self).contains("MemoryError")) }
    }

    @Test("a child within its limits runs to its end, its output read whole")
    func childWithinLimits() throws {
        let outcome = try #require(
            ChildProcess.run("/bin/sh", arguments: ["-c", "echo out; echo err >&2"], limits: .init(timeoutSeconds: 60, memoryBytes: 256 << 20)))
        #expect(outcome.succeeded && !outcome.exceededMemory)
        #expect(outcome.output == Array("out\n".utf8) && outcome.messages == Array("err\n".utf8))
    }

    @Test("a lock on a folder is taken, and taken again once dropped")
    func folderLock() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do { _ = try FileLock(folder: folder) }
        _ = try FileLock(folder: folder)
        #expect(throws: FileSystem.Failure.self) { try FileLock(folder: folder + "/missing") }
    }
}
