import TimelineModel
import TimelineSystem

/// What each page read of the values pages share (`ValueKey`), by output file: for each value
/// it read, a mask of the fields. Kept with the build's state, so that an edit renders again the
/// pages that read a field it changed, whatever the theme shows where. A page whose template
/// and values did not change reads what it read before, so a build that does not render a page
/// keeps its reads.
package struct PageReads: Sendable {
    /// The reads as the reads file held them (or a whole pass made them).
    private var stored: ReadsTable
    /// What changed since: files whose reads are new or other, and stored files that went.
    private var edited: [String: [UInt64]] = [:]
    private var removed: Set<String> = []
    /// Whether a page's reads changed, or a page's went, since the reads were read
    /// (`read(from:)`); always for reads made otherwise. Reads that did not change need not be
    /// written again: at 200,000 posts writing them was a fifth of an edit build's time.
    package private(set) var hasChanged = true

    package init() {
        stored = ReadsTable()
    }

    /// Reads by output file, as pairs of key and mask, in key order.
    package init(byFile: [String: [UInt64]]) {
        self.init(files: byFile.map { (file: $0.key, pairs: $0.value) })
    }

    /// Each output file's reads, as pairs of key and mask in key order; of a file listed twice,
    /// the first. Taken as the list the pages were made in: a dictionary of them first cost a
    /// whole pass a hash of every path and its peak a table of every page.
    package init(files: [(file: String, pairs: [UInt64])]) {
        var paths = PackedBytes(reservingCapacity: files.count)
        for file in files { paths.append(file.file) }
        var unique: [(path: ArraySlice<UInt8>, pairs: [UInt64])] = []
        unique.reserveCapacity(files.count)
        for index in paths.sortedIndexes() where unique.last.map({ $0.path != paths[index] }) ?? true {
            unique.append((path: paths[index], pairs: files[index].pairs))
        }
        stored = ReadsTable(unique)
    }

    /// What the page written to `file` read, as pairs of key and mask.
    package func pairs(of file: String) -> [UInt64]? {
        if let pairs = edited[file] { return pairs }
        guard !removed.contains(file), let index = stored.file(at: file) else { return nil }
        return stored.pairs(index)
    }

    package mutating func set(_ pairs: [UInt64], of file: String) {
        guard self.pairs(of: file) != pairs else { return }
        edited[file] = pairs
        removed.remove(file)
        hasChanged = true
    }

    package mutating func remove(_ file: String) {
        guard pairs(of: file) != nil else { return }
        edited[file] = nil
        if stored.file(at: file) != nil { removed.insert(file) }
        hasChanged = true
    }

    /// What an edit of the site reaches among its pages, `pages` (each with its file): the pages
    /// that read a field of `changed` (key → mask of the changed fields), and those built for
    /// the first time (a new user's, a list's new archive page); and the files of pages built
    /// before that the site no longer has.
    package func reach(of pages: [(page: Page, file: String)], changed: [UInt64: UInt64]) -> (pages: [Page], gone: [String]) {
        let changedMasks = stored.changedMasks(changed)
        var seen = [Bool](repeating: false, count: stored.count)
        var presentEdited = Set<String>()
        var reached: [Page] = []
        for (page, file) in pages {
            let index = stored.file(at: file)
            if let index { seen[index] = true }
            if !edited.isEmpty, let pairs = edited[file] {
                presentEdited.insert(file)
                if Self.reads(pairs, changed) { reached.append(page) }
            } else if let index, removed.isEmpty || !removed.contains(file) {
                if stored.reads(index, changedMasks: changedMasks) { reached.append(page) }
            } else {
                reached.append(page)
            }
        }
        var gone: [String] = []
        for index in 0..<stored.count where !seen[index] {
            let file = stored.path(index)
            if !removed.contains(file) { gone.append(file) }
        }
        gone += edited.keys.filter { !presentEdited.contains($0) && stored.file(at: $0) == nil }
        return (reached, gone.sorted())
    }

    /// Whether `pairs` read a field of `changed`.
    private static func reads(_ pairs: [UInt64], _ changed: [UInt64: UInt64]) -> Bool {
        guard !changed.isEmpty else { return false }
        return stride(from: 0, to: pairs.count - 1, by: 2).contains { index in (changed[pairs[index]] ?? 0) & pairs[index + 1] != 0 }
    }
}

extension PageReads {
    /// Writes the reads to `path` (replacing it atomically), sealed, with `writer` (the tool and
    /// the output folder) in its header: each key once, then each file by path, its pairs as
    /// the key's number in that list and the mask.
    package func write(to path: String, writer: Digest) throws(FileSystem.Failure) {
        try StreamedFile.createSealed(path) { coder in
            _ = try? coder.header(.reads)
            _ = try? coder.digest(writer)
            try? stored.encode(entries(), with: &coder)
        }
    }

    /// Every file's entry, in path order: the stored files' kept or replaced, and the edited
    /// files the table has not.
    private func entries() -> [ReadsTable.Entry] {
        var replaced: [Int: [UInt64]] = [:]
        var added: [(path: [UInt8], pairs: [UInt64])] = []
        for (file, pairs) in edited {
            if let index = stored.file(at: file) { replaced[index] = pairs } else { added.append((Array(file.utf8), pairs)) }
        }
        let removedIndexes = Set(removed.compactMap { stored.file(at: $0) })
        var toAdd = added.sorted { $0.path.lexicographicallyPrecedes($1.path) }[...]
        var entries: [ReadsTable.Entry] = []
        entries.reserveCapacity(stored.count + toAdd.count)
        for index in 0..<stored.count {
            while let next = toAdd.first, stored.path(next.path, precedesPathOf: index) {
                entries.append(.added(path: next.path, pairs: next.pairs))
                toAdd.removeFirst()
            }
            if removedIndexes.contains(index) { continue }
            entries.append(replaced[index].map { .replaced(index, pairs: $0) } ?? .kept(index))
        }
        entries += toAdd.map { .added(path: $0.path, pairs: $0.pairs) }
        return entries
    }

    /// The reads at `path`; nil when the file is missing, damaged or another writer's.
    package static func read(from path: String, writer: Digest) -> PageReads? {
        guard let (bytes, length) = StreamedFile.sealedBytes(path) else { return nil }
        var coder = StateCoder(reading: bytes)
        guard (try? coder.header(.reads)) != nil, (try? coder.digest(nil)) == writer, let table = try? ReadsTable.decode(bytes, with: &coder),
            coder.readOffset == length
        else { return nil }
        var reads = PageReads()
        reads.stored = table
        reads.hasChanged = false
        return reads
    }
}
