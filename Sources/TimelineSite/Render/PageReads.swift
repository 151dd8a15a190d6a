import TimelineModel
import TimelineSystem

/// What each page read of the values pages share (`ValueKey`), by output file: for each value
/// it read, a mask of the fields. Kept with the build's state, so that an edit renders again the
/// pages that read a field it changed, whatever the theme shows where. A page whose template
/// and values did not change reads what it read before, so a build that does not render a page
/// keeps its reads.
package struct PageReads: Sendable {
    /// Per output file, its reads as key and mask pairs, in key order.
    package private(set) var byFile: [String: [UInt64]]
    /// Whether a page's reads changed, or a page's went, since the reads were read
    /// (`read(from:)`); always for reads made otherwise. Reads that did not change need not be
    /// written again: at 200,000 posts writing them was a fifth of an edit build's time.
    package private(set) var hasChanged = true

    package init(byFile: [String: [UInt64]] = [:]) {
        self.byFile = byFile
    }

    package mutating func set(_ pairs: [UInt64], of file: String) {
        guard byFile[file] != pairs else { return }
        byFile[file] = pairs
        hasChanged = true
    }

    package mutating func remove(_ file: String) {
        if byFile.removeValue(forKey: file) != nil { hasChanged = true }
    }

    /// What an edit of the site reaches among its pages, `pages` (each with its file): the pages
    /// that read a field of `changed` (key → mask of the changed fields), and those built for
    /// the first time (a new user's, a list's new archive page); and the files of pages built
    /// before that the site no longer has.
    package func reach(of pages: [(page: Page, file: String)], changed: [UInt64: UInt64]) -> (pages: [Page], gone: [String]) {
        let readers = files(reading: changed)
        var reached: [Page] = []
        var present = Set<String>()
        present.reserveCapacity(pages.count)
        for (page, file) in pages {
            present.insert(file)
            if byFile[file] == nil || readers.contains(file) { reached.append(page) }
        }
        return (reached, byFile.keys.filter { !present.contains($0) }.sorted())
    }

    /// The files that read a field of `changed` (key → mask of changed fields).
    private func files(reading changed: [UInt64: UInt64]) -> Set<String> {
        guard !changed.isEmpty else { return [] }
        var found = Set<String>()
        for (file, pairs) in byFile {
            var index = 0
            while index + 1 < pairs.count {
                if let mask = changed[pairs[index]], mask & pairs[index + 1] != 0 {
                    found.insert(file)
                    break
                }
                index += 2
            }
        }
        return found
    }
}

extension PageReads {
    /// Writes the reads to `path` (replacing it atomically), sealed, with `writer` (the tool and
    /// the output folder) in its header: each key once, then each file by path, its pairs as
    /// the key's number in that list and the mask.
    package func write(to path: String, writer: Digest) throws(FileSystem.Failure) {
        try StreamedFile.createSealed(path) { coder in _ = try? Self.code(self, writer: writer, with: &coder) }
    }

    /// The reads at `path`; nil when the file is missing, damaged or another writer's.
    package static func read(from path: String, writer: Digest) -> PageReads? {
        guard let (bytes, length) = StreamedFile.sealedBytes(path) else { return nil }
        var coder = StateCoder(reading: bytes)
        guard var reads = try? code(nil, writer: writer, with: &coder), coder.readOffset == length else { return nil }
        reads.hasChanged = false
        return reads
    }

    private static func code(_ reads: PageReads?, writer: Digest, with coder: inout StateCoder) throws(StateCoder.Malformed) -> PageReads {
        try coder.header(.reads)
        guard try coder.digest(reads.map { _ in writer }) == writer else { throw StateCoder.Malformed() }
        let keys: [UInt64]
        if let reads {
            var all = Set<UInt64>()
            for pairs in reads.byFile.values { for index in stride(from: 0, to: pairs.count, by: 2) { all.insert(pairs[index]) } }
            keys = all.sorted()
        } else {
            keys = []
        }
        let keyCount = try coder.count(reads.map { _ in keys.count })
        var table: [UInt64] = []
        table.reserveCapacity(keyCount)
        for index in 0..<keyCount { table.append(try coder.word(reads.map { _ in keys[index] })) }
        let numbers = reads.map { _ in Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) }) } ?? [:]
        let files = reads?.byFile.keys.sorted() ?? []
        let fileCount = try coder.count(reads.map { _ in files.count })
        var byFile: [String: [UInt64]] = [:]
        byFile.reserveCapacity(fileCount)
        var previous: [UInt8] = []
        for index in 0..<fileCount {
            let file = reads.map { _ in Array(files[index].utf8) }
            let path = try coder.bytes(file, sharingPrefixWith: previous)
            previous = path
            let pairs = reads?.byFile[files[index]]
            let pairCount = try coder.count(pairs.map { $0.count / 2 })
            var read: [UInt64] = []
            read.reserveCapacity(pairCount * 2)
            for pair in 0..<pairCount {
                let number = try coder.count(pairs.map { numbers[$0[pair * 2]] ?? 0 }, limit: max(keyCount - 1, 0))
                guard number < table.count else { throw StateCoder.Malformed() }
                read.append(table[number])
                read.append(try coder.number(pairs.map { $0[pair * 2 + 1] }))
            }
            byFile[String(decoding: path, as: UTF8.self)] = read
            coder.flushIfFull()
        }
        return reads ?? PageReads(byFile: byFile)
    }
}
