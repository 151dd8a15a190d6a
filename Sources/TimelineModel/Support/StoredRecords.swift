/// Records kept in a state file so that each can be read on its own: their count, then each
/// record's length and bytes, each coded by a coder of its own. Reading the list finds where
/// each record starts and decodes every one once, so that a damaged file is found then
/// (`Malformed`), not when a page asks for a record; the records are then read again one at a
/// time, as `RecordList` asks, and not held.
package enum StoredRecords {
    /// Writes `records`, each as its own block: records read from a stored list and not
    /// replaced are copied as they were kept, a run of them at a time.
    package static func write<Element: StateCodable>(_ records: RecordList<Element>, with coder: inout StateCoder) throws(StateCoder.Malformed) {
        // The count once: in this generic function each `records.count` looked up the list's
        // metadata and witnesses, which cost more than coding a small record.
        let count = records.count
        _ = try coder.count(count)
        // A list held in memory (every whole pass) has no kept records to look for.
        let hasKept = records.isStored
        var own = StateCoder()
        var position = 0
        while position < count {
            if hasKept, let run = records.storedRun(from: position, limit: runLength) {
                guard let bytes = run.bytes else { throw StateCoder.Malformed() }
                coder.append(bytes)
                position += run.count
            } else {
                own.restartWriting()
                _ = try Element.code(records[position], with: &own)
                try coder.appendRecord(of: own)
                position += 1
            }
            coder.flushIfFull()
        }
    }

    /// How many kept records are copied at once: a few hundred kilobytes of posts.
    private static let runLength = 256

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

    /// The records at `ranges` of `bytes` as a list that reads each when asked. `leading`
    /// holds each record's first `leadingLength` bytes (or all of a shorter one), one record
    /// after another at that stride, for `RecordList.leadingField`.
    package static func list<Element: StateCodable & Sendable>(
        of type: Element.Type, bytes: StoredBytes, ranges: [Range<Int>], leading: [UInt8] = [], leadingLength: Int = 0
    ) -> RecordList<Element> {
        RecordList(
            count: ranges.count,
            read: { index in bytes.decode(Element.self, at: ranges[index]) },
            leading: { index in
                let start = index * leadingLength
                return start < leading.count ? leading[start..<start + min(leadingLength, ranges[index].count)] : []
            },
            run: { positions in
                guard let first = positions.first, let last = positions.last else { return [] }
                return bytes.bytes((ranges[first].lowerBound - ByteWriter.numberLength(ranges[first].count))..<ranges[last].upperBound)
            })
    }

    /// Writes `list`, or (given nil) reads one from the bytes the coder reads, whose records are
    /// then read from `bytes` (those same bytes, or the file they were read from) as they are
    /// asked for. `leadingLength` is how many of each record's first bytes are held for
    /// `RecordList.leadingField`.
    package static func code<Element: StateCodable & Sendable>(
        _ list: RecordList<Element>?, bytes: StoredBytes, leadingLength: Int = 0, with coder: inout StateCoder
    ) throws(StateCoder.Malformed) -> RecordList<Element> {
        if let list {
            try write(list, with: &coder)
            return list
        }
        let ranges = try ranges(with: &coder)
        var leading: [UInt8] = []
        if leadingLength > 0, let read = coder.reader?.bytes {
            leading = [UInt8](repeating: 0, count: ranges.count * leadingLength)
            for (index, range) in ranges.enumerated() {
                let taken = read[range].prefix(leadingLength)
                leading.replaceSubrange(index * leadingLength..<index * leadingLength + taken.count, with: taken)
            }
        }
        return Self.list(of: Element.self, bytes: bytes, ranges: ranges, leading: leading, leadingLength: leadingLength)
    }
}
