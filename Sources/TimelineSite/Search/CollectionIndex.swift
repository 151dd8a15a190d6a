import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

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
package struct CollectionIndex: Sendable {
    package private(set) var collection: SearchCollection
    package let layout: SearchLayout
    /// In `TermIndex` order.
    package internal(set) var terms: [String]
    var postings: [[Int32]]
    var entries: [IndexShards.Entry]
    /// Per term, the length of its line after the term before it, and as the first line of a chunk.
    var followingLength: [Int]
    var leadingLength: [Int]
    package internal(set) var chunks: [Chunk]
    /// Per tail file, how many terms chain to it and its size.
    var tails: [String: (uses: Int, bytes: Int)]
    var cardDigests: [String]
    var cardBytes: [Int]
    /// `c/`: the digests of the cards; `d/`: the digests of those directories.
    var directories: DirectoryLevel
    var rootLevel: DirectoryLevel

    /// The digests of the top-level directories, which the manifest lists.
    var roots: [String] { rootLevel.digests }

    package struct Chunk: Sendable, Equatable {
        let firstTerm: String
        let lastTerm: String
        package let termCount: Int
        package let name: String
        package let byteCount: Int
    }

    /// What an edit changed: files to write and the paths of files no longer part of the index.
    package struct Changes: Sendable {
        package var files: [SearchFile] = []
        package var removed: [String] = []

        /// Two changes may cancel out: a file both removed and written stays.
        mutating func keepWritten() {
            let written = Set(files.map(\.path))
            removed = removed.filter { !written.contains($0) }
        }
    }

    package var folder: String { collection.folder }

    /// The path of every file the index is published as but the manifest.
    package var filePaths: [String] {
        chunks.map { chunkPath($0.name) } + tails.keys + cardDigests.indices.map { Self.cardPath(folder, $0, digest: cardDigests[$0]) }
            + directories.digests.indices.map(directories.path) + rootLevel.digests.indices.map(rootLevel.path)
    }

    // MARK: Building

    /// The whole index of `collection`. The cards, one file per document, go to `sink` as they
    /// are made, on every core; every other file of the index is returned.
    package static func make(
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
                    try sink(SearchFile(path: Self.cardPath(folder, number, digest: digest), bytes: bytes))
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
            directories: DirectoryLevel(folder: folder + SearchLayout.cardDirectoryFolder),
            rootLevel: DirectoryLevel(folder: folder + SearchLayout.cardRootFolder))
        var made = Changes()
        for position in state.terms.indices {
            state.measureLine(at: position)
            state.adoptTails(of: entries[position], into: &made)
        }
        for range in state.cut() {
            let file = state.chunkFile(range)
            state.chunks.append(file.chunk)
            made.files.append(file.file)
        }
        state.remakeDirectories(Set(0..<state.directoryCount(of: state.cardDigests.count)), into: &made)
        return (state, made.files)
    }

    package typealias Entry = IndexShards.Entry

    // MARK: Editing

    /// Replaces the documents at `positions` (in result order) with what `collection` now says
    /// of them: their terms were `oldTerms`. A document numbered after the last is added (the
    /// collection's count then grows by one). Returns the files to write and to remove.
    package mutating func replaceDocuments(_ positions: [Int], oldTerms: [Int: Set<String>], with collection: SearchCollection) -> Changes {
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
        rewriteLines(of: touched, into: &changes)

        var directoriesToRemake = Set<Int>()
        for position in positions {
            let number = Int(collection.numberAt(position))
            let bytes = collection.card(number)
            // A document after the last (a new post, or several) adds a card.
            let oldPath = number < cardDigests.count ? Self.cardPath(folder, number, digest: cardDigests[number]) : nil
            while number >= cardDigests.count {
                cardDigests.append("")
                cardBytes.append(0)
            }
            let file = cardFile(number, bytes: bytes)
            if file.path != oldPath {
                if let oldPath { changes.removed.append(oldPath) }
                changes.files.append(file)
                directoriesToRemake.insert(number / layout.fanout)
            }
        }
        remakeDirectories(directoriesToRemake, into: &changes)
        changes.keepWritten()
        return changes
    }

    /// Removes document `number`; each document numbered after it takes the number before its
    /// own (`collection` is the collection without it). Every posting of a later number moves
    /// one down, so the lines of those terms change, and the cards from `number` on are
    /// written again under their new numbers. Returns the files to write and to remove.
    package mutating func removeDocument(_ number: Int, with collection: SearchCollection) -> Changes {
        self.collection = collection
        var changes = Changes()
        let touched = renumber(from: Int32(number), by: -1, into: &changes)
        rewriteLines(of: touched, into: &changes)
        rewriteCards(from: number, count: cardDigests.count - 1, into: &changes)
        return changes
    }

    /// Adds the document at `position` of `collection` (which has it), numbered before some
    /// others: each document numbered from its number on takes the number after its own, as
    /// `removeDocument` undoes.
    package mutating func insertDocument(at position: Int, with collection: SearchCollection) -> Changes {
        self.collection = collection
        var changes = Changes()
        let number = collection.numberAt(position)
        var touched = renumber(from: number, by: 1, into: &changes)
        for term in collection.termsAt(position) {
            insert(number, into: term)
            touched.insert(term)
        }
        rewriteLines(of: touched, into: &changes)
        rewriteCards(from: Int(number), count: cardDigests.count + 1, into: &changes)
        return changes
    }

    /// Moves every posting numbered from `first` on by `delta` (-1 removes `first` itself, and
    /// a term left with no posting); returns the terms whose postings changed.
    private mutating func renumber(from first: Int32, by delta: Int32, into changes: inout Changes) -> Set<String> {
        var touched = Set<String>()
        var emptied: [Int] = []
        for position in terms.indices {
            let list = postings[position]
            guard let largest = collection.descending ? list.first : list.last, largest >= first else { continue }
            postings[position] = list.compactMap { $0 == first && delta < 0 ? nil : $0 >= first ? $0 + delta : $0 }
            touched.insert(terms[position])
            if postings[position].isEmpty { emptied.append(position) }
        }
        for position in emptied.reversed() {
            terms.remove(at: position)
            postings.remove(at: position)
            let entry = entries.remove(at: position)
            followingLength.remove(at: position)
            leadingLength.remove(at: position)
            retireTails(of: entry, into: &changes)
        }
        return touched
    }

    /// Writes the cards from `first` on again under their numbers, `count` cards in all now,
    /// removing their old files, and their directories.
    private mutating func rewriteCards(from first: Int, count: Int, into changes: inout Changes) {
        for number in first..<cardDigests.count { changes.removed.append(Self.cardPath(folder, number, digest: cardDigests[number])) }
        while cardDigests.count > count {
            cardDigests.removeLast()
            cardBytes.removeLast()
        }
        while cardDigests.count < count {
            cardDigests.append("")
            cardBytes.append(0)
        }
        for number in first..<count { changes.files.append(cardFile(number, bytes: collection.card(number))) }
        remakeDirectories(Set((first / layout.fanout)..<directoryCount(of: count)), into: &changes)
        changes.keepWritten()
    }

    /// Writes again the lines of the terms `touched` (whose postings changed, or which are
    /// gone) and of the term after each, and cuts the lines into chunks again: the chunks whose
    /// lines changed are written, those no longer cut are removed.
    private mutating func rewriteLines(of touched: Set<String>, into changes: inout Changes) {
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
    }

    private func position(of term: String) -> (index: Int, found: Bool) {
        var low = 0
        var high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if terms[middle].utf16.lexicographicallyPrecedes(term.utf16) { low = middle + 1 } else { high = middle }
        }
        return (low, low < terms.count && terms[low] == term)
    }

    /// Postings are in result order: descending numbers for a descending collection.
    private func insertionPoint(of number: Int32, in list: [Int32]) -> Int {
        var low = 0
        var high = list.count
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

    private static func cardPath(_ folder: String, _ number: Int, digest: String) -> String {
        folder + SearchLayout.cardFolder + "\(number).\(digest).json"
    }

    private func directoryCount(of count: Int) -> Int { (count + layout.fanout - 1) / layout.fanout }

    private mutating func cardFile(_ number: Int, bytes: [UInt8]) -> SearchFile {
        let digest = Self.cardDigest(bytes)
        cardDigests[number] = digest
        cardBytes[number] = bytes.count
        return SearchFile(path: Self.cardPath(folder, number, digest: digest), bytes: bytes)
    }

    /// Makes the card directories `numbers` again, then the roots above those that changed;
    /// directories and roots beyond what the cards now fill are removed.
    private mutating func remakeDirectories(_ numbers: Set<Int>, into changes: inout Changes) {
        let fanout = layout.fanout
        let count = directoryCount(of: cardDigests.count)
        var roots = directories.truncate(to: count, fanout: fanout, into: &changes)
        roots.formUnion(directories.remake(numbers.filter { $0 < count }, from: cardDigests, fanout: fanout, into: &changes))
        let rootCount = directoryCount(of: directories.digests.count)
        _ = rootLevel.truncate(to: rootCount, fanout: fanout, into: &changes)
        _ = rootLevel.remake(roots.filter { $0 < rootCount }, from: directories.digests, fanout: fanout, into: &changes)
    }

    /// One level of the card directories: file `number` holds the digests of entries
    /// `number·fanout ..< (number+1)·fanout` of the level below, one after another.
    struct DirectoryLevel: Sendable {
        let folder: String
        var digests: [String] = []
        var sizes: [Int] = []

        func path(_ number: Int) -> String { folder + "\(number).\(digests[number]).txt" }

        /// Makes files `numbers` again from `below`; returns the numbers of the files above
        /// those that came out different.
        mutating func remake(_ numbers: Set<Int>, from below: [String], fanout: Int, into changes: inout Changes) -> Set<Int> {
            var changed = Set<Int>()
            for number in numbers.sorted() {
                let oldPath = number < digests.count ? path(number) : nil
                let start = number * fanout
                let bytes = Array(below[start..<min(start + fanout, below.count)].joined().utf8)
                let digest = SearchLayout.digest(bytes, length: SearchLayout.numberedDigestLength)
                if number == digests.count {
                    digests.append(digest)
                    sizes.append(bytes.count)
                } else {
                    digests[number] = digest
                    sizes[number] = bytes.count
                }
                let file = SearchFile(path: path(number), bytes: bytes)
                guard file.path != oldPath else { continue }
                if let oldPath { changes.removed.append(oldPath) }
                changes.files.append(file)
                changed.insert(number / fanout)
            }
            return changed
        }

        /// Removes the files from `count` on; returns the numbers of the files above them.
        mutating func truncate(to count: Int, fanout: Int, into changes: inout Changes) -> Set<Int> {
            var changed = Set<Int>()
            while digests.count > count {
                changes.removed.append(path(digests.count - 1))
                changed.insert((digests.count - 1) / fanout)
                digests.removeLast()
                sizes.removeLast()
            }
            return changed
        }
    }

    // MARK: Figures

    package var statistics: SearchIndex.Statistics {
        let tailBytes = tails.values.reduce(0) { $0 + $1.bytes }
        let chunkBytes = chunks.reduce(0) { $0 + $1.byteCount }
        let cardTotal = cardBytes.reduce(0, +) + directories.sizes.reduce(0, +) + rootLevel.sizes.reduce(0, +)
        return SearchIndex.Statistics(
            fileCount: chunks.count + tails.count + cardDigests.count + directories.digests.count + rootLevel.digests.count,
            byteCount: chunkBytes + tailBytes + cardTotal,
            termCount: terms.count, chunkCount: chunks.count, tailCount: tails.count)
    }
}
