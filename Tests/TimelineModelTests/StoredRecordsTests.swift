import Testing

@testable import TimelineModel

@Suite("Records kept in a state file, read one at a time and written again")
struct StoredRecordsTests {
    static func written(_ list: RecordList<String>) throws -> [UInt8] {
        var coder = StateCoder()
        try StoredRecords.write(list, with: &coder)
        return coder.bytes
    }

    static func read(_ bytes: [UInt8]) throws -> RecordList<String> {
        var coder = StateCoder(reading: bytes)
        let list = try StoredRecords.code(nil as RecordList<String>?, bytes: bytes, with: &coder)
        #expect(coder.isAtEnd)
        return list
    }

    @Test("kept records copied in runs around replaced, inserted and removed ones read back as the list holds them")
    func editedListRoundTrip() throws {
        // 700 records: runs of 256 and records longer than 127 bytes (a two-byte length).
        let records = (0..<700).map { index in String(repeating: "r\(index)-", count: index % 3 == 0 ? 60 : 1) }
        let kept = try Self.written(RecordList(records))
        var list = try Self.read(kept)
        #expect(Array(list) == records)
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

        let again = try Self.written(list)
        #expect(Array(try Self.read(again)) == expected)
        #expect(again == (try Self.written(RecordList(expected))))
    }
}
