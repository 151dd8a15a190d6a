import Foundation
import TimelineModel
import TimelineSystem

/// Reads one album file, `albums/<username>/<slug>.md`: front matter with `title`, `posts` and
/// an optional `cover`, then the description in Markdown. What the file alone can tell is
/// checked here (an empty album, a post listed twice, a cover it does not list); the posts and
/// the owner are checked against the site when it is linked (`AlbumLinker`).
package enum AlbumReader {
    static let frontMatterKeys = ["title", "cover", "posts"]

    /// Reads `albums/<owner>/<slug>.md` of `content`: the loader's and the authoring commands'
    /// one way to read an album file.
    package static func read(owner: String, slug: String, in content: SitePath) -> (Album?, [Diagnostic]) {
        let file = ContentLayout.albumFile(owner: owner, slug: slug)
        do throws(FileSystem.Failure) {
            return read(owner: owner, slug: slug, bytes: try FileSystem.readBytes(content.absolute + "/" + file), in: content)
        } catch {
            return (nil, [.error(.unreadableFile, stage: .load, at: SourceLocation(path: content.shown + file), "cannot read: \(error.reason)")])
        }
    }

    /// The same, of the file's bytes as the caller read them.
    package static func read(owner: String, slug: String, bytes: [UInt8], in content: SitePath) -> (Album?, [Diagnostic]) {
        let shown = content.shown + ContentLayout.albumFile(owner: owner, slug: slug)
        let reference = UserReference(username: owner, location: SourceLocation(path: content.shown + ContentLayout.albumOwnerFolder(owner) + "/"))
        return read(SourceFile(path: shown, bytes: bytes), owner: reference, slug: slug)
    }

    package static func read(_ file: SourceFile, owner: UserReference, slug: String) -> (Album?, [Diagnostic]) {
        var reader = RecordReader(file: file)
        guard let frontMatter = reader.splitFrontMatter(firstKey: "title") else { return (nil, reader.diagnostics) }
        guard
            let fields = reader.fields(
                of: frontMatter.fields, describedAs: "the front matter", allowed: frontMatterKeys, required: ["title", "posts"])
        else { return (nil, reader.diagnostics) }
        let title = self.title(fields, reader: &reader)
        let posts = self.posts(fields, reader: &reader)
        var cover: PostReference?
        if let member = fields["cover"], let reference = postReference(member.value, describedAs: "'cover'", reader: &reader) {
            cover = reference
            if let posts, !posts.contains(where: { $0.id == reference.id }) {
                reader.report(
                    .coverOutsideAlbum, at: member.value.position,
                    "the cover '\(reference.id)' is not one of the album's posts; add it to 'posts', or choose one of them")
            }
        }
        let description = frontMatter.body.allSatisfy(\.isWhitespace) ? nil : frontMatter.body
        if let description, let problem = CaptionLimits.problem(in: description) {
            let position = ContentPosition.lineColumn(line: frontMatter.bodyLine + problem.line - 1, column: problem.column)
            reader.appendDiagnostic(.error(problem.code, stage: .load, at: file.location(of: position), problem.message))
        }
        guard let title, let posts, !reader.diagnostics.contains(where: { $0.severity == .error }) else { return (nil, reader.diagnostics) }
        let album = Album(
            owner: owner, slug: slug, title: title, description: description, cover: cover, posts: posts,
            source: SourceLocation(path: file.path, line: 1, column: 1))
        return (album, reader.diagnostics)
    }

    private static func title(_ fields: RecordFields, reader: inout RecordReader) -> String? {
        guard let member = fields["title"], let text = reader.string(fields, "title") else { return nil }
        let title = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty {
            reader.report(.invalidValue, at: member.value.position, "'title' is empty; give the album a title")
            return nil
        }
        if title.count > Album.maximumTitleCharacters {
            reader.report(
                .invalidValue, at: member.value.position,
                "'title' has \(title.count) characters; an album's title has at most \(Album.maximumTitleCharacters)")
            return nil
        }
        if title.contains(where: \.isNewline) {
            reader.report(.invalidValue, at: member.value.position, "'title' is one line; put longer text in the description, below the front matter")
            return nil
        }
        return title
    }

    /// The posts, each once; nil when the list is missing, empty or has a bad item.
    private static func posts(_ fields: RecordFields, reader: inout RecordReader) -> [PostReference]? {
        guard let member = fields["posts"] else { return nil }
        guard case .array(let items) = member.value.kind else {
            if case .null = member.value.kind {
                reader.report(.emptyAlbum, at: member.keyPosition, "the album lists no post; name one or more post IDs under 'posts'")
            } else {
                reader.report(.wrongType, at: member.value.position, "'posts' must be a list of post IDs, found \(member.value.typeName)")
            }
            return nil
        }
        guard !items.isEmpty else {
            reader.report(.emptyAlbum, at: member.keyPosition, "the album lists no post; name one or more post IDs under 'posts'")
            return nil
        }
        var posts: [PostReference] = []
        var firstLine: [ContentID: Int] = [:]
        var complete = true
        for (index, item) in items.enumerated() {
            guard let reference = postReference(item, describedAs: "item \(index + 1) of 'posts'", reader: &reader) else {
                complete = false
                continue
            }
            if let line = firstLine[reference.id] {
                reader.report(
                    .duplicateAlbumPost, at: item.position, "post '\(reference.id)' is already in the album (line \(line)); an album lists each post once")
                complete = false
                continue
            }
            firstLine[reference.id] = reference.location.line ?? 0
            posts.append(reference)
        }
        return complete ? posts : nil
    }

    private static func postReference(_ value: ContentValue, describedAs what: String, reader: inout RecordReader) -> PostReference? {
        guard case .string(let text) = value.kind else {
            reader.report(.wrongType, at: value.position, "\(what) must be a post ID, found \(value.typeName)")
            return nil
        }
        guard let id = ContentID(text) else {
            reader.report(.invalidID, at: value.position, "\(what) is no post ID: '\(text)' (IDs are 1 to 64 letters, digits, '-' or '_')")
            return nil
        }
        return PostReference(id: id, location: reader.location(of: value.position))
    }
}
