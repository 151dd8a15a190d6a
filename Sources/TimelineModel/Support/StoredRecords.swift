/// Records kept in a state file so that each can be read on its own: their count, then each
/// record's length and bytes, each coded by a coder of its own. Reading the list finds where
/// each record starts and decodes every one once, so that a damaged file is found then
/// (`Malformed`), not when a page asks for a record; the records are then read again one at a
/// time, as `RecordList` asks, and not held.
package enum StoredRecords {
    /// Writes `records`, each as its own block.
    /// Writes `records`, each as its own block: a record read from a stored list and not
    /// replaced is copied as it was kept.
    package static func write<Element: StateCodable>(_ records: RecordList<Element>, with coder: inout StateCoder) throws(StateCoder.Malformed) {
        _ = try coder.count(records.count)
        for position in records.indices {
            let bytes: [UInt8]
            if let kept = records.storedBytes(at: position) {
                bytes = Array(kept)
            } else {
                var own = StateCoder()
                _ = try Element.code(records[position], with: &own)
                bytes = own.bytes
            }
            _ = try coder.count(bytes.count, limit: Int.max)
            _ = try coder.raw(bytes, count: bytes.count)
            coder.flushIfFull()
        }
    }

    /// Where each record lies in `bytes`, read from the coder's position (which it leaves
    /// after the last record).
    package static func ranges(with coder: inout StateCoder) throws(StateCoder.Malformed) -> [Range<Int>] {
        let count = try coder.count(nil)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(min(count, 1 << 20))
        for _ in 0..<count {
            let length = try coder.count(nil, limit: Int.max)
            let start = coder.readOffset
            try coder.skip(length)
            ranges.append(start..<start + length)
        }
        return ranges
    }

    /// The records at `ranges` of `bytes` as a list that reads each when asked.
    package static func list<Element: StateCodable & Sendable>(of type: Element.Type, bytes: [UInt8], ranges: [Range<Int>]) -> RecordList<Element> {
        RecordList(
            count: ranges.count,
            read: { index in
                var coder = StateCoder(reading: bytes, from: ranges[index].lowerBound)
                guard let record = try? Element.code(nil, with: &coder), coder.readOffset == ranges[index].upperBound else { return nil }
                return record
            }, bytes: { bytes[ranges[$0]] })
    }

    /// Writes `list`, or (given nil) reads one from `bytes`, the bytes the coder reads.
    package static func code<Element: StateCodable & Sendable>(_ list: RecordList<Element>?, bytes: [UInt8], with coder: inout StateCoder) throws(StateCoder
        .Malformed) -> RecordList<Element>
    {
        if let list {
            try write(list, with: &coder)
            return list
        }
        return Self.list(of: Element.self, bytes: bytes, ranges: try ranges(with: &coder))
    }
}
