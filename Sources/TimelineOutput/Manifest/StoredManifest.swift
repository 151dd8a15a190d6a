import TimelineModel

/// A manifest file read by path, without decoding it whole: what an edit build of a large site
/// needs, which looks up the few dozen pages an edit reaches among a million entries. One pass
/// over its bytes checks them and notes where every `blockSize`-th entry starts; a look-up
/// halves those blocks and decodes one. At 200,000 posts this holds the file's 49 MB instead
/// of a dictionary of a million paths, several times that.
package struct StoredManifest: Sendable {
    package let tool: Digest
    package let count: Int
    private let bytes: [UInt8]
    /// Where each block starts, its first path, and the path before it (the one its first
    /// entry's shared prefix is counted against).
    private let blocks: [Block]

    private struct Block: Sendable {
        let offset: Int
        let first: [UInt8]
        let previous: [UInt8]
    }

    static let blockSize = 64

    /// The manifest in `bytes`; nil when they are not a whole manifest (`BuildManifest`'s format).
    package init?(bytes: [UInt8]) {
        var coder = StateCoder(reading: bytes)
        guard (try? coder.header(.manifest)) != nil, let tool = try? coder.digest(nil), let count = try? coder.count(nil) else { return nil }
        var blocks: [Block] = []
        blocks.reserveCapacity(count / Self.blockSize + 1)
        var path: [UInt8] = []
        for index in 0..<count {
            let offset = coder.readOffset
            let startsBlock = index % Self.blockSize == 0
            let previous = startsBlock ? path : []
            // Sorted and unique, as `BuildManifest` writes them: else a look-up could miss.
            guard let (_, inOrder) = Self.nextEntry(&coder, in: bytes, after: &path), inOrder || index == 0 else { return nil }
            if startsBlock { blocks.append(Block(offset: offset, first: path, previous: previous)) }
        }
        guard coder.isAtEnd else { return nil }
        self.tool = tool
        self.count = count
        self.bytes = bytes
        self.blocks = blocks
    }

    /// The entry of `path`, or nil when the manifest has none.
    package subscript(path: String) -> BuildManifest.Entry? {
        let target = Array(path.utf8)
        // The last block whose first path is not after the target.
        var low = 0
        var high = blocks.count
        while low < high {
            let middle = (low + high) / 2
            if target.lexicographicallyPrecedes(blocks[middle].first) { high = middle } else { low = middle + 1 }
        }
        guard low > 0 else { return nil }
        let block = blocks[low - 1]
        var coder = StateCoder(reading: bytes, from: block.offset)
        var current = block.previous
        let end = min(count - (low - 1) * Self.blockSize, Self.blockSize)
        for _ in 0..<end {
            guard let (entry, _) = Self.nextEntry(&coder, in: bytes, after: &current) else { return nil }
            if current == target { return entry }
            if target.lexicographicallyPrecedes(current) { return nil }
        }
        return nil
    }

    /// Every path and entry, in order (what a whole build compares against).
    package func visitEntries(_ body: (String, BuildManifest.Entry) -> Void) {
        var coder = StateCoder(reading: bytes, from: blocks.first?.offset ?? bytes.count)
        var current: [UInt8] = []
        for _ in 0..<count {
            guard let (entry, _) = Self.nextEntry(&coder, in: bytes, after: &current) else { return }
            body(String(decoding: current, as: UTF8.self), entry)
        }
    }

    /// Reads the entry after the one whose path is `path` and makes `path` its path; nil when
    /// the bytes hold none. `inOrder`: whether its path sorts after the one before, sharing all
    /// it can with it, as `BuildManifest` writes them.
    private static func nextEntry(_ coder: inout StateCoder, in bytes: [UInt8], after path: inout [UInt8]) -> (
        entry: BuildManifest.Entry, inOrder: Bool
    )? {
        guard let shared = try? coder.count(nil, limit: path.count), let rest = try? coder.count(nil), rest > 0 else { return nil }
        let restStart = coder.readOffset
        guard (try? coder.skip(rest)) != nil, let fingerprint = try? coder.digest(nil), let content = try? coder.digest(nil) else { return nil }
        let inOrder = shared == path.count || bytes[restStart] > path[shared]
        path.removeSubrange(shared...)
        path.append(contentsOf: bytes[restStart..<restStart + rest])
        return (BuildManifest.Entry(fingerprint: fingerprint, content: content), inOrder)
    }
}
