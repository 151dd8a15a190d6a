import TimelineModel
import TimelineSystem

/// The reads of many output files as the reads file holds them, in a few flat arrays: the
/// files' paths in one buffer, their pairs as numbers into one sorted table of keys and one of
/// masks (a template reads the same fields of a value on most pages), and a hash index from
/// path to file. At 200,000 posts a site has 360,000 pages and 3 million pairs: a
/// string and an array per file cost an edit build more than a second to make and hash, these
/// a tenth of that.
struct ReadsTable: Sendable {
    /// Every key a file reads, sorted, each once.
    private(set) var keys: [UInt64] = []
    /// File `i`'s path is `paths[i]`; its pairs end at `pairEnds[i]`.
    private var paths = PackedBytes()
    private var pairEnds: [Int] = []
    private var keyNumbers: [UInt32] = []
    private var maskNumbers: [UInt32] = []
    /// Every mask a file reads, sorted, each once.
    private var masks: [UInt64] = []
    /// Open addressing by path hash: a file's number, or -1.
    private var slots: [Int32] = []

    var count: Int { paths.count }

    init() {}

    /// The table of `files`' reads (each file's pairs as key and mask, in key order). Keys and
    /// masks are numbered as first seen, then renumbered in sorted order: one hash look-up per
    /// pair and value, for the 8 million reads of a 200,000-post site.
    init(_ files: some Sequence<(path: ArraySlice<UInt8>, pairs: [UInt64])>) {
        var keyNumber = FirstSeenNumbers()
        var maskNumber = FirstSeenNumbers()
        for file in files {
            paths.append(bytes: file.path)
            for index in stride(from: 0, to: file.pairs.count - 1, by: 2) {
                keyNumbers.append(keyNumber.number(of: file.pairs[index]))
                maskNumbers.append(maskNumber.number(of: file.pairs[index + 1]))
            }
            pairEnds.append(keyNumbers.count)
        }
        let keyRanks = Self.ranks(of: keyNumber.values)
        let maskRanks = Self.ranks(of: maskNumber.values)
        keys = keyNumber.values.sorted()
        masks = maskNumber.values.sorted()
        for index in keyNumbers.indices {
            keyNumbers[index] = keyRanks[Int(keyNumbers[index])]
            maskNumbers[index] = maskRanks[Int(maskNumbers[index])]
        }
        makeIndex()
    }

    /// For each of `values` (distinct), its place among them sorted.
    private static func ranks(of values: [UInt64]) -> [UInt32] {
        var ranks = [UInt32](repeating: 0, count: values.count)
        for (rank, index) in values.indices.sorted(by: { values[$0] < values[$1] }).enumerated() { ranks[index] = UInt32(rank) }
        return ranks
    }

    private func pairRange(_ file: Int) -> Range<Int> { (file == 0 ? 0 : pairEnds[file - 1])..<pairEnds[file] }

    func path(_ file: Int) -> String { String(decoding: paths[file], as: UTF8.self) }

    /// File `file`'s pairs, as key and mask.
    func pairs(_ file: Int) -> [UInt64] {
        var pairs: [UInt64] = []
        pairs.reserveCapacity(pairRange(file).count * 2)
        for index in pairRange(file) {
            pairs.append(keys[Int(keyNumbers[index])])
            pairs.append(masks[Int(maskNumbers[index])])
        }
        return pairs
    }

    /// The number of the file at `path`.
    func file(at path: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        var path = path
        return path.withUTF8 { utf8 in
            let wanted = UnsafeRawBufferPointer(utf8)
            var slot = Int(ByteHash.fnv1a(wanted) & UInt64(slots.count - 1))
            return paths.withUnsafeBytes { bytes in
                while slots[slot] >= 0 {
                    let file = Int(slots[slot])
                    let range = paths.range(file)
                    if range.count == wanted.count, bytes[range].elementsEqual(wanted) {
                        return file
                    }
                    slot = (slot + 1) & (slots.count - 1)
                }
                return nil
            }
        }
    }

    /// Per key number, the mask of `changed` (key → mask of changed fields) for that key.
    func changedMasks(_ changed: [UInt64: UInt64]) -> [UInt64] {
        var masks = [UInt64](repeating: 0, count: changed.isEmpty ? 0 : keys.count)
        for (key, mask) in changed {
            let number = SortedSearch.count(below: key, in: keys)
            if number < keys.count, keys[number] == key { masks[number] |= mask }
        }
        return masks
    }

    /// Whether file `file` read a field `changedMasks` holds.
    func reads(_ file: Int, changedMasks: [UInt64]) -> Bool {
        guard !changedMasks.isEmpty else { return false }
        return pairRange(file).contains { changedMasks[Int(keyNumbers[$0])] & masks[Int(maskNumbers[$0])] != 0 }
    }

    private mutating func makeIndex() {
        var size = 16
        while size < count * 2 { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
        paths.withUnsafeBytes { bytes in
            for file in 0..<count {
                let range = paths.range(file)
                var slot = Int(ByteHash.fnv1a(UnsafeRawBufferPointer(rebasing: bytes[range])) & UInt64(size - 1))
                while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
                slots[slot] = Int32(file)
            }
        }
    }

}

extension ReadsTable {
    /// A file's entry when the table is written again: a file of the table with its pairs or
    /// new ones, or a file it has not.
    enum Entry {
        case kept(Int)
        case replaced(Int, pairs: [UInt64])
        case added(path: [UInt8], pairs: [UInt64])
    }

    /// Whether `path` comes before file `file`'s path in byte order.
    func path(_ path: [UInt8], precedesPathOf file: Int) -> Bool {
        path.lexicographicallyPrecedes(paths[file])
    }

    /// Writes `entries` (in path order, each path once): each key and each mask they read
    /// once, sorted, then each file by path (sharing its prefix with the one before), its pairs
    /// as the key's number and the mask's number in those lists.
    func encode(_ entries: [Entry], with coder: inout StateCoder) throws(StateCoder.Malformed) {
        var usedKeys = [Bool](repeating: false, count: keys.count)
        var usedMasks = [Bool](repeating: false, count: masks.count)
        var newKeys = Set<UInt64>()
        var newMasks = Set<UInt64>()
        for entry in entries {
            switch entry {
            case .kept(let file):
                for index in pairRange(file) {
                    usedKeys[Int(keyNumbers[index])] = true
                    usedMasks[Int(maskNumbers[index])] = true
                }
            case .replaced(_, let pairs), .added(_, let pairs):
                for index in stride(from: 0, to: pairs.count - 1, by: 2) {
                    newKeys.insert(pairs[index])
                    newMasks.insert(pairs[index + 1])
                }
            }
        }
        let keyTable = Self.table(keys, used: usedKeys, adding: newKeys)
        let maskTable = Self.table(masks, used: usedMasks, adding: newMasks)
        for table in [keyTable, maskTable] {
            _ = try coder.count(table.count)
            for value in table { _ = try coder.word(value) }
        }
        let keyNumber = keys.map { SortedSearch.count(below: $0, in: keyTable) }
        let maskNumber = masks.map { SortedSearch.count(below: $0, in: maskTable) }
        _ = try coder.count(entries.count)
        var previous: ArraySlice<UInt8> = []
        for entry in entries {
            let path: ArraySlice<UInt8>
            switch entry {
            case .kept(let file), .replaced(let file, _): path = paths[file]
            case .added(let added, _): path = added[...]
            }
            _ = try coder.bytes(path, sharingPrefixWith: previous)
            previous = path
            switch entry {
            case .kept(let file):
                _ = try coder.count(pairRange(file).count)
                for index in pairRange(file) {
                    _ = try coder.count(keyNumber[Int(keyNumbers[index])])
                    _ = try coder.count(maskNumber[Int(maskNumbers[index])])
                }
            case .replaced(_, let pairs), .added(_, let pairs):
                _ = try coder.count(pairs.count / 2)
                for index in stride(from: 0, to: pairs.count - 1, by: 2) {
                    _ = try coder.count(SortedSearch.count(below: pairs[index], in: keyTable))
                    _ = try coder.count(SortedSearch.count(below: pairs[index + 1], in: maskTable))
                }
            }
            coder.flushIfFull()
        }
    }

    /// The values of `table` marked `used`, and `added`, sorted, each once.
    private static func table(_ table: [UInt64], used: [Bool], adding added: Set<UInt64>) -> [UInt64] {
        var values = added
        for (number, isUsed) in used.enumerated() where isUsed { values.insert(table[number]) }
        return values.sorted()
    }

    /// A sorted table of distinct words, as `encode` wrote it.
    private static func decodeTable(with coder: inout StateCoder) throws(StateCoder.Malformed) -> [UInt64] {
        let count = try coder.count(nil)
        var table: [UInt64] = []
        table.reserveCapacity(count)
        for _ in 0..<count {
            let value = try coder.word(nil)
            guard table.last.map({ $0 < value }) ?? true else { throw StateCoder.Malformed() }
            table.append(value)
        }
        return table
    }

    /// The table `encode` wrote, which the coder reads from `bytes`. The files are read with a
    /// `ByteReader` of their own, each path in one buffer kept from the one before: the 8 million
    /// reads of a 200,000-post site are most of an edit build's state to read.
    static func decode(_ bytes: [UInt8], with coder: inout StateCoder) throws(StateCoder.Malformed) -> ReadsTable {
        var table = ReadsTable()
        table.keys = try decodeTable(with: &coder)
        table.masks = try decodeTable(with: &coder)
        let fileCount = try coder.count(nil)
        table.paths = PackedBytes(reservingCapacity: fileCount)
        table.pairEnds.reserveCapacity(fileCount)
        var reader = ByteReader(bytes, from: coder.readOffset)
        let keyLimit = max(table.keys.count - 1, 0)
        let maskLimit = max(table.masks.count - 1, 0)
        var path: [UInt8] = []
        for _ in 0..<fileCount {
            let shared = try reader.count(limit: path.count)
            path.removeSubrange(shared...)
            path.append(contentsOf: try reader.slice(try reader.count()))
            table.paths.append(bytes: path)
            let pairCount = try reader.count()
            for _ in 0..<pairCount {
                let key = try reader.count(limit: keyLimit)
                let mask = try reader.count(limit: maskLimit)
                guard key < table.keys.count, mask < table.masks.count else { throw StateCoder.Malformed() }
                table.keyNumbers.append(UInt32(key))
                table.maskNumbers.append(UInt32(mask))
            }
            table.pairEnds.append(table.keyNumbers.count)
        }
        try coder.skip(reader.offset - coder.readOffset)
        table.makeIndex()
        return table
    }
}
