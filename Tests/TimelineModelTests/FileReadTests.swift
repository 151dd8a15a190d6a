import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport

@testable import TimelineModel

/// Reading whole files and their first bytes, sized by the file and never zero-filled.
@Suite("File reads")
struct FileReadTests {
    private func withFile(_ bytes: [UInt8], _ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-read-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    private static func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
    }

    @Test("a file is read whole, byte for byte, at any size", arguments: [0, 1, 4095, 65_536, 200_001])
    func wholeFile(size: Int) throws {
        let bytes = Self.pattern(size)
        try withFile(bytes) { path in
            let read = try FileSystem.readBytes(path)
            #expect(read == bytes)
        }
    }

    @Test("a file that reports no size is still read to its end")
    func fileWithoutSize() throws {
        // A pipe reports size 0 but has content; /dev/fd names it on Linux and macOS alike.
        let pipe = Pipe()
        let bytes = Self.pattern(10_000)
        pipe.fileHandleForWriting.write(Data(bytes))
        try pipe.fileHandleForWriting.close()
        let read = try FileSystem.readBytes("/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)")
        #expect(read == bytes)
    }

    @Test("a prefix is the first bytes up to the limit, with the whole file's size")
    func prefix() throws {
        let bytes = Self.pattern(10_000)
        try withFile(bytes) { path in
            let short = try FileSystem.readPrefix(path, limit: 64)
            #expect(short.bytes == Array(bytes[0..<64]))
            #expect(short.size == 10_000)
            let whole = try FileSystem.readPrefix(path, limit: 65_536)
            #expect(whole.bytes == bytes)
            #expect(whole.size == 10_000)
        }
    }

    @Test("a missing file is a failure naming the path")
    func missing() {
        #expect(throws: FileSystem.Failure.self) { try FileSystem.readBytes("/nonexistent/timeline-\(UUID().uuidString)") }
    }
}
