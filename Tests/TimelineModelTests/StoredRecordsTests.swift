import Foundation
import Testing
import TimelineSystem

@testable import TimelineModel

@Suite("Records kept in a state file, read one at a time and written again")
struct StoredRecordsTests {
    static func written(_ list: RecordList<String>) throws -> [UInt8] {
        var coder = StateCoder()
        try StoredRecords.write(list, with: &coder)
        return coder.bytes
    }

    /// The list `bytes` hold, its records read from those bytes or from a file of them; each
    /// record's first 8 bytes are held for `leadingField`.
    static func read(_ bytes: [UInt8], fromFile: Bool = false) throws -> RecordList<String> {
        var stored = StoredBytes.memory(bytes)
        if fromFile {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-stored-\(UUID().uuidString)").path
            try FileSystem.writeFile(path, bytes: bytes)
            // Open files outlive their name, as a state file replaced while a build reads it.
            stored = .file(try ReadableFile(path))
            try FileSystem.removeFileIfPresent(path)
        }
        var coder = StateCoder(reading: bytes)
        let list = try StoredRecords.code(nil as RecordList<String>?, bytes: stored, leadingLength: 8, with: &coder)
        #expect(coder.isAtEnd)
        return list
    }

    @Test(
        "kept records copied in runs around replaced, inserted and removed ones read back as the list holds them, from memory or a file",
        arguments: [false, true])
    func editedListRoundTrip(fromFile: Bool) throws {
        // 700 records: runs of 256 and records longer than 127 bytes (a two-byte length).
        let records = (0..<700).map { index in String(repeating: "r\(index)-", count: index % 3 == 0 ? 60 : 1) }
        let kept = try Self.written(RecordList(records))
        var list = try Self.read(kept, fromFile: fromFile)
        #expect(Array(list) == records)
        // Short records from their leading bytes, long ones whole.
        #expect(list.indices.map { list.leadingField(at: $0) { $0 } } == records)
        #expect(try Self.written(list) == kept)

        var expected = records
        list.replace(at: 5, with: "replaced")
        expected[5] = "replaced"
        list.insert("inserted", at: 300)
        expected.insert("inserted", at: 300)
        list.remove(at: 0)
        expected.remove(at: 0)
        list.remove(at: 512)
        expected.remove(at: 512)
        list.insert(String(repeating: "long", count: 50), at: expected.count)
        expected.append(String(repeating: "long", count: 50))
        #expect(Array(list) == expected)
        #expect(list.indices.map { list.leadingField(at: $0) { $0 } } == expected)

        let again = try Self.written(list)
        #expect(Array(try Self.read(again)) == expected)
        #expect(again == (try Self.written(RecordList(expected))))
    }
}
