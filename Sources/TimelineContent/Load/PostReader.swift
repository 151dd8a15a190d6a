import TimelineModel
import TimelineSystem

/// Reads one post folder: `post.md` (front matter and caption), its photos, and the optional
/// `comments.json` and `likes.json`.
package struct PostReader: Sendable {
    static let frontMatterKeys = ["username", "image", "alt", "photos", "date", "extra"]

    package let content: SitePath
    package let assets: AssetReader

    package init(assets: AssetReader) {
        content = assets.content
        self.assets = assets
    }

    /// What the caller already knows of a post folder: its entries' names (sorted), and whether
    /// the folder and the folders above it inside the content are real folders, no symbolic
    /// link among them.
    package struct Listing {
        package let names: [String]
        let isRealFolder: Bool
    }

    /// `id` is the folder's name; `folder` is `posts/<id>`, relative to the content root.
    /// Without a `listing` the folder is listed here.
    package func read(id: ContentID, folder: String, listing: Listing? = nil) -> (Post?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let absoluteFolder = content.absolute + "/" + folder
        let names: [String]
        if let listing {
            names = listing.names
        } else {
            do {
                names = try FileSystem.entries(of: absoluteFolder)
            } catch {
                return (
                    nil,
                    [.error(.unreadableFile, stage: .load, at: SourceLocation(path: content.shown + folder), "cannot list the post folder: \(error.reason)")]
                )
            }
        }
        let conflicts = CaseConflicts.pairs(names.filter { !$0.hasPrefix(".") })
        guard conflicts.isEmpty else {
            return (
                nil,
                conflicts.map { name, first in
                    .error(
                        .caseConflict, stage: .load, at: SourceLocation(path: content.shown + folder + "/" + name),
                        "'\(name)' and '\(first)' differ only in case: on a case-insensitive file system (macOS, Windows) they are one file, so a clone there loses one of them; rename one"
                    )
                }
            )
        }
        let folderIsReal = listing?.isRealFolder ?? false
        let postPath = content.shown + ContentLayout.file(.post, in: folder)
        guard names.contains(ContentLayout.PostFolderFile.post.name) else {
            return (nil, [.error(.unreadableFile, stage: .load, at: SourceLocation(path: content.shown + folder), "post folder has no post.md")])
        }
        let file: SourceFile
        do {
            file = SourceFile(path: postPath, bytes: try FileSystem.readBytes(ContentLayout.file(.post, in: absoluteFolder)))
        } catch {
            return (nil, [.error(.unreadableFile, stage: .load, at: SourceLocation(path: postPath), "cannot read: \(error.reason)")])
        }
        var reader = RecordReader(file: file)
        guard let frontMatter = reader.splitFrontMatter(firstKey: "username") else { return (nil, reader.diagnostics) }
        guard
            let fields = reader.fields(
                of: frontMatter.fields, describedAs: "the front matter", allowed: Self.frontMatterKeys, required: ["username"]),
            let username = reader.string(fields, "username"), let usernamePosition = fields.position(of: "username")
        else {
            return (nil, reader.diagnostics)
        }
        let author = UserReference(username: username, location: reader.location(of: usernamePosition))
        let extra = reader.extra(fields)
        var date = id.pushMilliseconds
        if let dateText = reader.string(fields, "date"), let position = fields.position(of: "date") {
            if let parsed = ISODate.milliseconds(from: dateText) {
                date = parsed
            } else {
                reader.report(.invalidDate, at: position, "date " + ISODate.expectation(found: dateText))
            }
        }
        let photos = PostPhotosReader(assets: assets, folder: folder, names: names, folderIsReal: folderIsReal).read(fields, reader: &reader)
        diagnostics.append(contentsOf: reader.diagnostics)

        var comments: [Comment] = []
        if names.contains(ContentLayout.PostFolderFile.comments.name) {
            let (read, problems) = InteractionsReader.comments(
                at: content.appending(ContentLayout.file(.comments, in: folder)), postID: id)
            comments = read
            diagnostics.append(contentsOf: problems)
        }
        var likes: [Like] = []
        if names.contains(ContentLayout.PostFolderFile.likes.name) {
            let (read, problems) = InteractionsReader.likes(at: content.appending(ContentLayout.file(.likes, in: folder)), postID: id)
            likes = read
            diagnostics.append(contentsOf: problems)
        }
        for name in names where !ContentLayout.postFolderFileNames.contains(name) && !name.hasPrefix(".") && !AssetReader.isMediaFileName(name) {
            let hint = Suggestion.closest(to: name, among: ContentLayout.postFolderFileNames).map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.append(
                .warning(
                    .unknownKey, stage: .load, at: SourceLocation(path: content.shown + folder + "/" + name), "unexpected file in a post folder, ignored\(hint)"
                ))
        }
        guard let photos else { return (nil, diagnostics) }
        let caption = frontMatter.body.allSatisfy(\.isWhitespace) ? nil : frontMatter.body
        if let caption, let problem = CaptionLimits.problem(in: caption) {
            let position = ContentPosition.lineColumn(line: frontMatter.bodyLine + problem.line - 1, column: problem.column)
            diagnostics.append(.error(problem.code, stage: .load, at: file.location(of: position), problem.message))
            return (nil, diagnostics)
        }
        var post = Post(
            id: id, author: author, photos: photos, date: date, caption: caption,
            comments: comments.sorted { $0.id < $1.id }, likes: likes.sorted { $0.id < $1.id },
            source: SourceLocation(path: postPath, line: 1, column: 1))
        post.extra = extra
        return (post, diagnostics)
    }
}
