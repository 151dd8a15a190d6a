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

    /// The settings an import writes into a content folder that has none.
    static let defaultSettings = PrettyJSON.object([("title", .string("Timeline"))]).fileBytes

    public func run(report: (ImportIssue) -> Void) throws(ImportFailure) -> ImportSummary {
        let absoluteExport = Path.absolute(exportPath, relativeTo: FileSystem.currentDirectory)
        let reader: JSONStreamReader
        do {
            reader = try JSONStreamReader(path: absoluteExport, bufferSize: bufferSize)
        } catch {
            throw ImportFailure(at: SourceLocation(path: exportPath), "cannot read the export: \(error.reason)")
        }
        var summary = ImportSummary()
        let counted: (ImportIssue) -> Void = { issue in
            summary.skipped += 1
            report(issue)
        }
        let index: ExportIndex
        do {
            index = try ExportIndex.scan(reader, report: counted)
        } catch {
            throw ImportFailure.syntax(error, in: absoluteExport, shownAs: exportPath)
        }
        summary.createdSettings = try prepareFolder()
        let lock: ContentLock
        do {
            lock = try folder.lock()
        } catch {
            throw ImportFailure.writing(error)
        }
        defer { withExtendedLifetime(lock) {} }

        let (directory, users) = try UserImporter(folder: folder).importUsers(index.users, report: counted)
        summary.usersAdded = users.added
        summary.usersUpdated = users.updated
        summary.usersUnchanged = users.unchanged

        let importer = PostImporter(folder: folder, directory: directory, images: index.images, extractor: ImageExtractor(exportPath: absoluteExport))
        var failure: ImportFailure?
        do throws(JSONStreamReader.SyntaxError) {
            sections: for section in index.postSections {
                reader.seek(to: section)
                try reader.beginObject()
                while let (id, _) = try reader.nextKey() {
                    let path = JSONPath.root / "posts" / id
                    guard let value = try ExportIndex.record(from: reader, at: path, what: "this post", report: counted) else { continue }
                    var issues: [ImportIssue] = []
                    let post = FirebasePost(id: id, value, at: path, issues: &issues)
                    issues.forEach(counted)
                    guard let post else { continue }
                    do {
                        summary.add(try importer.importPost(post, report: counted))
                    } catch {
                        failure = error
                        break sections
                    }
                }
            }
        } catch {
            throw ImportFailure.syntax(error, in: absoluteExport, shownAs: exportPath)
        }
        if let failure { throw failure }
        return summary
    }

    /// Creates the content folder, `users/` and `posts/` when missing, and a minimal
    /// `site.json` when there is none; true when it wrote `site.json`.
    private func prepareFolder() throws(ImportFailure) -> Bool {
        do {
            try FileSystem.makeDirectories(folder.absolute("users"))
            try FileSystem.makeDirectories(folder.absolute("posts"))
            guard !folder.exists("site.json") else { return false }
            try FileSystem.writeAtomically(folder.absolute("site.json"), bytes: Self.defaultSettings)
            return true
        } catch {
            throw ImportFailure(at: SourceLocation(path: folder.displayPrefix), error.description)
        }
    }
}

extension ImportSummary {
    mutating func add(_ outcome: PostImporter.Outcome) {
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
