import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// What the search stage wrote: the manifest the search page names, the figures, and each
/// collection's index, which a live session keeps to change it in place (a build that keeps
/// no site lets it go once written).
public struct SearchIndex: Sendable {
    /// Relative to the output root, e.g. `search/manifest.0123456789abcdef.json`.
    package private(set) var manifestFile: String
    package private(set) var collections: [CollectionIndex]
    public private(set) var statistics: Statistics

    package init(manifest: SearchFile, collections: [CollectionIndex]) {
        manifestFile = manifest.path
        self.collections = collections
        statistics = Self.statistics(of: collections, manifestBytes: manifest.bytes.count)
    }

    /// Keeps only the manifest's name and the figures.
    package mutating func releaseCollections() {
        collections = []
    }

    /// Changes the documents at `positions` of `collection` (see
    /// `CollectionIndex.replaceDocuments`), and the manifest when that changes it; returns the
    /// files to write and the paths of files the index no longer has.
    package mutating func replaceDocuments(
        _ positions: [Int], oldTerms: [Int: Set<String>], in collection: SearchCollection
    ) -> (changes: CollectionIndex.Changes, manifestChanged: Bool) {
        edit(collection) { $0.replaceDocuments(positions, oldTerms: oldTerms, with: collection) }
    }

    /// Removes document `number` of `collection` (see `CollectionIndex.removeDocument`), as
    /// `replaceDocuments` changes documents.
    package mutating func removeDocument(_ number: Int, in collection: SearchCollection) -> (changes: CollectionIndex.Changes, manifestChanged: Bool) {
        edit(collection) { $0.removeDocument(number, with: collection) }
    }

    /// Adds the document at `position` of `collection` (see `CollectionIndex.insertDocument`),
    /// as `replaceDocuments` changes documents.
    package mutating func insertDocument(at position: Int, in collection: SearchCollection) -> (changes: CollectionIndex.Changes, manifestChanged: Bool) {
        edit(collection) { $0.insertDocument(at: position, with: collection) }
    }

    /// Makes the index of `collection` again whole, as a build does: a small collection an
    /// edit changes as a whole (the albums). Its cards go to `sink` as they are made (the
    /// output writes those whose bytes changed); the files to write are the rest of it, the
    /// removed those of the index before it no longer has.
    package mutating func remake(_ collection: SearchCollection, writingCardsTo sink: @escaping SearchFile.Sink) async throws(FileSystem.Failure) -> (
        changes: CollectionIndex.Changes, manifestChanged: Bool
    ) {
        guard let position = collections.firstIndex(where: { $0.collection.name == collection.name }) else { return (.init(), false) }
        let before = collections[position].filePaths
        let (index, files) = try await CollectionIndex.make(collection, layout: collections[position].layout, writingCardsTo: sink)
        let kept = Set(index.filePaths)
        return edit(collection) { current in
            current = index
            return CollectionIndex.Changes(files: files, removed: before.filter { !kept.contains($0) })
        }
    }

    private mutating func edit(_ collection: SearchCollection, _ change: (inout CollectionIndex) -> CollectionIndex.Changes) -> (
        changes: CollectionIndex.Changes, manifestChanged: Bool
    ) {
        guard let position = collections.firstIndex(where: { $0.collection.name == collection.name }) else { return (.init(), false) }
        var changes = change(&collections[position])
        let manifest = SearchIndexBuilder.manifestFile(collections)
        let manifestChanged = manifest.path != manifestFile
        if manifestChanged {
            changes.removed.append(manifestFile)
            changes.files.append(manifest)
            manifestFile = manifest.path
        }
        statistics = Self.statistics(of: collections, manifestBytes: manifest.bytes.count)
        return (changes, manifestChanged)
    }

    private static func statistics(of collections: [CollectionIndex], manifestBytes: Int) -> Statistics {
        var total = Statistics(fileCount: 1, byteCount: manifestBytes)
        for collection in collections {
            let figures = collection.statistics
            total.fileCount += figures.fileCount
            total.byteCount += figures.byteCount
            total.termCount += figures.termCount
            total.chunkCount += figures.chunkCount
            total.tailCount += figures.tailCount
        }
        return total
    }

    public struct Statistics: Sendable, Equatable {
        public var fileCount = 0
        public var byteCount = 0
        public var termCount = 0
        public var chunkCount = 0
        public var tailCount = 0

        package init(fileCount: Int = 0, byteCount: Int = 0, termCount: Int = 0, chunkCount: Int = 0, tailCount: Int = 0) {
            self.fileCount = fileCount
            self.byteCount = byteCount
            self.termCount = termCount
            self.chunkCount = chunkCount
            self.tailCount = tailCount
        }
    }
}
