/// One collection's index as the files it is published as (see `IndexShards` for the lines and
/// chunks). The result cards are one small JSON file per document, `r/<number>.<digest>.json`,
/// so the browser downloads only the cards it shows; it finds a card's digest through two levels
/// of directories: `c/<k>.<digest>.txt` holds the digests of cards `k·fanout ..< (k+1)·fanout`,
/// one after another, and `d/<j>.<digest>.txt` those of directories `j·fanout ..< (j+1)·fanout`;
/// the manifest lists the `d/` digests.
///
/// Kept so that an edit can change it in place: every term with its postings and its line, how
/// the lines are cut into chunks, and the cards with their directories. A build makes it from
/// every document (`make`); an edit (`replaceDocuments`) changes the documents it names and
/// reports only the files that changed. Both cut the lines with the same greedy rule, so an
/// edited index is the index a clean build of the same documents makes.
struct CollectionIndex: Sendable {
    private(set) var collection: SearchCollection
    let layout: SearchLayout
    /// In `TermIndex` order.
    private(set) var terms: [String]
    private(set) var postings: [[Int32]]
    private var entries: [IndexShards.Entry]
    /// Per term, the length of its line after the term before it, and as the first line of a chunk.
    private var followingLength: [Int]
    private var leadingLength: [Int]
    private(set) var chunks: [Chunk]
    /// Per tail file, how many terms chain to it and its size.
    private var tails: [String: (uses: Int, bytes: Int)]
    private(set) var cardDigests: [String]
    private var cardBytes: [Int]
    private(set) var directories: [String]
    private var directoryBytes: [Int]
    private(set) var roots: [String]
    private var rootBytes: [Int]

    struct Chunk: Sendable, Equatable {
        let firstTerm: String
        let lastTerm: String
        let termCount: Int
        let name: String
        let byteCount: Int
    }

    /// What an edit changed: files to write and the paths of files no longer part of the index.
    struct Changes: Sendable {
        var files: [SearchFile] = []
        var removed: [String] = []
    }

    var folder: String { collection.folder }

    // MARK: Building

    /// The whole index of `collection`. The cards, one file per document, go to `sink` as they
    /// are made, on every core; every other file of the index is returned.
    static func make(
        _ collection: SearchCollection, layout: SearchLayout, writingCardsTo sink: @escaping SearchFile.Sink
    ) async throws(FileSystem.Failure) -> (CollectionIndex, [SearchFile]) {
        let index = await TermIndex.build(documentCount: collection.count, numberOfDocument: collection.numberAt, terms: collection.termsAt)
        let folder = collection.folder
        let descending = collection.descending
        let entries = await ParallelMap.chunks(count: index.terms.count) { range in
            range.map { Entry(postings: index.postings[$0], descending: descending, layout: layout, folder: folder) }
        }.flatMap { $0 }
        let written = await ParallelMap.chunks(count: collection.count) { range in
            Result { () throws(FileSystem.Failure) -> [(digest: String, size: Int)] in
                try range.map { number throws(FileSystem.Failure) in
                    let bytes = collection.card(number)
                    let digest = Self.cardDigest(bytes)
                    try sink(SearchFile(path: folder + SearchLayout.cardFolder + "\(number).\(digest).json", bytes: bytes))
                    return (digest, bytes.count)
                }
            }
        }
        var cards: [(digest: String, size: Int)] = []
        cards.reserveCapacity(collection.count)
        for part in written { cards += try part.get() }
        var state = CollectionIndex(
            collection: collection, layout: layout, terms: index.terms, postings: index.postings, entries: entries, followingLength: [],
            leadingLength: [], chunks: [], tails: [:], cardDigests: cards.map(\.digest), cardBytes: cards.map(\.size),
            directories: [], directoryBytes: [], roots: [], rootBytes: [])
        var files: [SearchFile] = []
        for position in state.terms.indices {
            state.measureLine(at: position)
            for tail in entries[position].tailFiles {
                if let known = state.tails[tail.path] {
                    state.tails[tail.path] = (known.uses + 1, known.bytes)
                } else {
                    state.tails[tail.path] = (1, tail.bytes.count)
                    files.append(tail)
                }
            }
        }
        for range in state.cut() {
            let file = state.chunkFile(range)
            state.chunks.append(file.chunk)
            files.append(file.file)
        }
        for directory in 0..<state.directoryCount(of: state.cardDigests.count) { files.append(state.remakeDirectory(directory)) }
        for root in 0..<state.directoryCount(of: state.directories.count) { files.append(state.remakeRoot(root)) }
        return (state, files)
    }

    typealias Entry = IndexShards.Entry

    // MARK: Editing

    /// Replaces the documents at `positions` (in result order) with what `collection` now says
    /// of them: their terms were `oldTerms`. Returns the files to write and to remove.
    mutating func replaceDocuments(_ positions: [Int], oldTerms: [Int: Set<String>], with collection: SearchCollection) -> Changes {
        self.collection = collection
        var changes = Changes()
        var touched = Set<String>()
        for position in positions {
            let number = collection.numberAt(position)
            let old = oldTerms[position] ?? []
            let new = collection.termsAt(position)
            for term in old.subtracting(new) {
                remove(number, from: term, changes: &changes)
                touched.insert(term)
            }
            for term in new.subtracting(old) {
                insert(number, into: term)
                touched.insert(term)
            }
        }
        let oldChunks = chunks
        // A term whose postings changed has a new line; so does the term after any change,
        // since its line is written against the term before it.
        var dirty = Set<Int>()
        for term in touched {
            let position = self.position(of: term)
            var next = position.index
            if position.found {
                let old = entries[position.index]
                entries[position.index] = Entry(postings: postings[position.index], descending: collection.descending, layout: layout, folder: folder)
                retireTails(of: old, into: &changes)
                adoptTails(of: entries[position.index], into: &changes)
                measureLine(at: position.index)
                dirty.insert(position.index)
                next += 1
            }
            if next < terms.count {
                measureLine(at: next)
                dirty.insert(next)
            }
        }
        var oldByFirstTerm: [String: Chunk] = [:]
        for chunk in oldChunks { oldByFirstTerm[chunk.firstTerm] = chunk }
        var newChunks: [Chunk] = []
        for range in cut() {
            if let old = oldByFirstTerm[terms[range.lowerBound]], old.termCount == range.count, old.lastTerm == terms[range.upperBound - 1],
                !range.contains(where: dirty.contains)
            {
                newChunks.append(old)
                continue
            }
            let file = chunkFile(range)
            newChunks.append(file.chunk)
            changes.files.append(file.file)
        }
        let newNames = Set(newChunks.map(\.name))
        for chunk in oldChunks where !newNames.contains(chunk.name) { changes.removed.append(chunkPath(chunk.name)) }
        chunks = newChunks

        var directoriesToRemake = Set<Int>()
        for position in positions {
            let number = Int(collection.numberAt(position))
            let bytes = collection.card(number)
            let oldPath = cardPath(number, digest: cardDigests[number])
            let file = cardFile(number, bytes: bytes)
            if file.path != oldPath {
                changes.removed.append(oldPath)
                changes.files.append(file)
                directoriesToRemake.insert(number / layout.fanout)
            }
        }
        var rootsToRemake = Set<Int>()
        for directory in directoriesToRemake.sorted() {
            let oldPath = directoryPath(directory, digest: directories[directory])
            let file = remakeDirectory(directory)
            if file.path != oldPath {
                changes.removed.append(oldPath)
                changes.files.append(file)
                rootsToRemake.insert(directory / layout.fanout)
            }
        }
        for root in rootsToRemake.sorted() {
            let oldPath = rootPath(root, digest: roots[root])
            let file = remakeRoot(root)
            if file.path != oldPath {
                changes.removed.append(oldPath)
                changes.files.append(file)
            }
        }
        // Two changes may cancel out: a file both removed and written stays.
        let written = Set(changes.files.map(\.path))
        changes.removed = changes.removed.filter { !written.contains($0) }
        return changes
    }

    private func position(of term: String) -> (index: Int, found: Bool) {
        let key = Array(term.utf16)
        var low = 0, high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if Array(terms[middle].utf16).lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        return (low, low < terms.count && terms[low] == term)
    }

    /// Postings are in result order: descending numbers for a descending collection.
    private func insertionPoint(of number: Int32, in list: [Int32]) -> Int {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            let before = collection.descending ? list[middle] > number : list[middle] < number
            if before { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private mutating func insert(_ number: Int32, into term: String) {
        let position = self.position(of: term)
        if position.found {
            let at = insertionPoint(of: number, in: postings[position.index])
            postings[position.index].insert(number, at: at)
            return
        }
        terms.insert(term, at: position.index)
        postings.insert([number], at: position.index)
        entries.insert(Entry(postings: [], descending: collection.descending, layout: layout, folder: folder), at: position.index)
        followingLength.insert(0, at: position.index)
        leadingLength.insert(0, at: position.index)
    }

    private mutating func remove(_ number: Int32, from term: String, changes: inout Changes) {
        let position = self.position(of: term)
        guard position.found else { return }
        postings[position.index].removeAll { $0 == number }
        guard postings[position.index].isEmpty else { return }
        terms.remove(at: position.index)
        postings.remove(at: position.index)
        let entry = entries.remove(at: position.index)
        followingLength.remove(at: position.index)
        leadingLength.remove(at: position.index)
        retireTails(of: entry, into: &changes)
    }

    private mutating func retireTails(of entry: Entry, into changes: inout Changes) {
        for tail in entry.tailFiles {
            guard let known = tails[tail.path] else { continue }
            if known.uses > 1 {
                tails[tail.path] = (known.uses - 1, known.bytes)
            } else {
                tails[tail.path] = nil
                changes.removed.append(tail.path)
            }
        }
    }

    private mutating func adoptTails(of entry: Entry, into changes: inout Changes) {
        for tail in entry.tailFiles {
            if let known = tails[tail.path] {
                tails[tail.path] = (known.uses + 1, known.bytes)
            } else {
                tails[tail.path] = (1, tail.bytes.count)
                changes.files.append(tail)
            }
        }
    }

    // MARK: Lines and chunks

    private mutating func measureLine(at position: Int) {
        if followingLength.count <= position {
            followingLength.append(0)
            leadingLength.append(0)
        }
        let previous = position > 0 ? terms[position - 1] : ""
        followingLength[position] = IndexShards.line(term: terms[position], after: previous, entry: entries[position]).count
        leadingLength[position] = IndexShards.line(term: terms[position], after: "", entry: entries[position]).count
    }

    /// The greedy cut: a chunk takes lines until the next would pass `chunkBytes`.
    private func cut() -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var size = 0
        for position in terms.indices {
            if size > 0, size + followingLength[position] > layout.chunkBytes {
                ranges.append(start..<position)
                start = position
                size = leadingLength[position]
            } else {
                size += size == 0 ? leadingLength[position] : followingLength[position]
            }
        }
        if size > 0 { ranges.append(start..<terms.count) }
        return ranges
    }

    private func chunkFile(_ range: Range<Int>) -> (chunk: Chunk, file: SearchFile) {
        var bytes: [UInt8] = []
        for position in range {
            let previous = position == range.lowerBound ? "" : terms[position - 1]
            bytes += IndexShards.line(term: terms[position], after: previous, entry: entries[position])
        }
        let name = SearchLayout.digest(bytes, length: SearchLayout.nameDigestLength)
        let chunk = Chunk(firstTerm: terms[range.lowerBound], lastTerm: terms[range.upperBound - 1], termCount: range.count, name: name, byteCount: bytes.count)
        return (chunk, SearchFile(path: chunkPath(name), bytes: bytes))
    }

    private func chunkPath(_ name: String) -> String { folder + SearchLayout.chunkFolder + name + ".txt" }

    // MARK: Cards and their directories

    private static func cardDigest(_ bytes: [UInt8]) -> String { SearchLayout.digest(bytes, length: SearchLayout.numberedDigestLength) }

    private func cardPath(_ number: Int, digest: String) -> String { folder + SearchLayout.cardFolder + "\(number).\(digest).json" }
    private func directoryPath(_ number: Int, digest: String) -> String { folder + SearchLayout.cardDirectoryFolder + "\(number).\(digest).txt" }
    private func rootPath(_ number: Int, digest: String) -> String { folder + SearchLayout.cardRootFolder + "\(number).\(digest).txt" }

    private func directoryCount(of count: Int) -> Int { (count + layout.fanout - 1) / layout.fanout }

    private mutating func cardFile(_ number: Int, bytes: [UInt8]) -> SearchFile {
        let digest = Self.cardDigest(bytes)
        cardDigests[number] = digest
        cardBytes[number] = bytes.count
        return SearchFile(path: cardPath(number, digest: digest), bytes: bytes)
    }

    private mutating func remakeDirectory(_ number: Int) -> SearchFile {
        let file = Self.directoryFile(of: cardDigests, number, fanout: layout.fanout) { directoryPath(number, digest: $0) }
        Self.place(file, at: number, in: &directories, sizes: &directoryBytes)
        return file.file
    }

    private mutating func remakeRoot(_ number: Int) -> SearchFile {
        let file = Self.directoryFile(of: directories, number, fanout: layout.fanout) { rootPath(number, digest: $0) }
        Self.place(file, at: number, in: &roots, sizes: &rootBytes)
        return file.file
    }

    /// Directory `number` of a level: the digests of its `fanout` entries, one after another.
    private static func directoryFile(of digests: [String], _ number: Int, fanout: Int, path: (String) -> String) -> (digest: String, file: SearchFile) {
        let start = number * fanout
        let bytes = Array(digests[start..<min(start + fanout, digests.count)].joined().utf8)
        let digest = SearchLayout.digest(bytes, length: SearchLayout.numberedDigestLength)
        return (digest, SearchFile(path: path(digest), bytes: bytes))
    }

    private static func place(_ made: (digest: String, file: SearchFile), at number: Int, in digests: inout [String], sizes: inout [Int]) {
        if number == digests.count {
            digests.append(made.digest)
            sizes.append(made.file.bytes.count)
        } else {
            digests[number] = made.digest
            sizes[number] = made.file.bytes.count
        }
    }

    // MARK: Figures

    var statistics: SearchIndex.Statistics {
        let tailBytes = tails.values.reduce(0) { $0 + $1.bytes }
        let chunkBytes = chunks.reduce(0) { $0 + $1.byteCount }
        let cardTotal = cardBytes.reduce(0, +) + directoryBytes.reduce(0, +) + rootBytes.reduce(0, +)
        return SearchIndex.Statistics(
            fileCount: chunks.count + tails.count + cardDigests.count + directories.count + roots.count, byteCount: chunkBytes + tailBytes + cardTotal,
            termCount: terms.count, chunkCount: chunks.count, tailCount: tails.count)
    }
}
