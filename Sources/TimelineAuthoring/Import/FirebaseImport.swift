import TimelineContent
import TimelineModel
import TimelineSystem

/// `timeline import firebase`: reads an export of the original app's Realtime Database
/// (top-level `users`, `posts`, `images`) and writes it into a content folder in this
/// project's format.
///
/// Two passes keep memory bounded whatever the export's size: the first checks the whole
/// file's syntax, reads the users and notes where each image's Base64 and the posts lie; then
/// the users are written, and the second pass reads the posts one at a time, decoding each
/// image from its place in the file straight into the post's folder. A malformed export
/// changes nothing; a record that does not fit is reported with its JSON path and left out
/// while the rest goes on. Importing the same export again changes nothing; a newer export
/// adds what is new.
public struct FirebaseImport: Sendable {
    /// The export file, as given (relative to the current directory) and shown.
    public let exportPath: String
    public let folder: ContentFolder
    /// Smaller in tests, to cross every buffer boundary.
    var bufferSize = 1 << 20

    public init(exportPath: String, folder: ContentFolder) {
        self.exportPath = exportPath
        self.folder = folder
    }

    public func run(report: (ImportIssue) -> Void) async throws(ImportFailure) -> ImportSummary {
        let export = SitePath(fileAsGiven: exportPath)
        let absoluteExport = export.absolute
        let reader: JSONStreamReader
        do {
            reader = try JSONStreamReader(path: absoluteExport, bufferSize: bufferSize)
        } catch {
            throw ImportFailure(at: SourceLocation(path: exportPath), "cannot read the export: \(error.reason)")
        }
        var summary = ImportSummary()
        var skipped = 0
        let counted: (ImportIssue) -> Void = { issue in
            skipped += 1
            report(issue)
        }
        let index: ExportIndex
        do {
            index = try ExportIndex.scan(reader, report: counted)
        } catch {
            throw ImportFailure.syntax(error, in: export)
        }
        let (createdSettings, lock) = try ImportDestination.open(folder)
        summary.createdSettings = createdSettings
        defer { withExtendedLifetime(lock) {} }

        let (directory, users) = try UserImporter(folder: folder).importUsers(index.users, report: counted)
        summary.usersAdded = users.added
        summary.usersUpdated = users.updated
        summary.usersUnchanged = users.unchanged

        let importer = PostImporter(folder: folder, directory: directory, images: index.images, extractor: ImageExtractor(exportPath: absoluteExport))
        var posts = PostStream(reader: reader, sections: index.postSections)
        var batch: [PendingPost] = []
        while true {
            let next: PendingPost?
            do {
                next = try posts.next()
            } catch {
                throw ImportFailure.syntax(error, in: export)
            }
            guard let next else { break }
            batch.append(next)
            if batch.count == Self.batchSize {
                try await Self.importBatch(batch, with: importer, into: &summary, report: counted)
                batch.removeAll(keepingCapacity: true)
            }
        }
        try await Self.importBatch(batch, with: importer, into: &summary, report: counted)
        summary.skipped = skipped
        return summary
    }

    /// Posts read ahead and written in parallel (one chunk per core at a time, see
    /// `ParallelMap`); what is held is at most this many parsed posts.
    static let batchSize = 256

    /// A post read from the export with the issues its reading raised; nil when it is skipped.
    package struct PendingPost: Sendable {
        package let post: FirebasePost?
        let issues: [ImportIssue]
    }

    /// The second pass: the posts of every `posts` object, one at a time.
    package struct PostStream {
        package let reader: JSONStreamReader
        var sections: [Int]
        private var inSection = false
        private var seen = Set<String>()

        init(reader: JSONStreamReader, sections: [Int]) {
            self.reader = reader
            self.sections = sections
        }

        package mutating func next() throws(JSONStreamReader.SyntaxError) -> PendingPost? {
            while true {
                if !inSection {
                    guard !sections.isEmpty else { return nil }
                    reader.seek(to: sections.removeFirst())
                    try reader.beginObject()
                    inSection = true
                }
                guard let (id, _) = try reader.nextKey() else {
                    inSection = false
                    continue
                }
                return try read(id: id)
            }
        }

        private mutating func read(id: String) throws(JSONStreamReader.SyntaxError) -> PendingPost {
            let path = JSONPath.root / "posts" / id
            var issues: [ImportIssue] = []
            guard let value = try ExportIndex.record(from: reader, at: path, what: "this post", report: { issues.append($0) }) else {
                return PendingPost(post: nil, issues: issues)
            }
            guard seen.insert(id).inserted else {
                return PendingPost(post: nil, issues: [ImportIssue(path, skipped: "this post", "the post ID appears twice; the first is kept")])
            }
            let post = FirebasePost(id: id, value, at: path, issues: &issues)
            return PendingPost(post: post, issues: issues)
        }
    }

    /// Writes a batch of posts in parallel, then reports their issues and counts their
    /// outcomes in the export's order; the first failure to write stops the import.
    private static func importBatch(
        _ batch: [PendingPost], with importer: PostImporter, into summary: inout ImportSummary, report: (ImportIssue) -> Void
    ) async throws(ImportFailure) {
        let results = await ParallelMap.map(batch) { pending -> (Result<PostImporter.Outcome, ImportFailure>, [ImportIssue]) in
            var issues = pending.issues
            guard let post = pending.post else { return (.success(.skipped), issues) }
            do throws(ImportFailure) {
                return (.success(try importer.importPost(post, issues: &issues)), issues)
            } catch {
                return (.failure(error), issues)
            }
        }
        for (result, issues) in results {
            issues.forEach(report)
            switch result {
            case .success(let outcome): summary.add(outcome)
            case .failure(let failure): throw failure
            }
        }
    }
}

extension ImportSummary {
    package mutating func add(_ outcome: PostImporter.Outcome) {
        switch outcome {
        case .added(let comments, let likes):
            postsAdded += 1
            commentsAdded += comments
            likesAdded += likes
        case .updated(let comments, let likes):
            postsUpdated += 1
            commentsAdded += comments
            likesAdded += likes
        case .unchanged:
            postsUnchanged += 1
        case .skipped:
            break
        }
    }
}
