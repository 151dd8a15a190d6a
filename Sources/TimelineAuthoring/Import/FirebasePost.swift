import TimelineContent
import TimelineModel

/// A post of the export: `posts/<id>` with the author's `username` (or `user`), an
/// `imageEndpoint` naming its image under `images`, an optional `caption`, and `comments` and
/// `likes` as objects keyed by ID. Authors are names as written; the importer resolves them.
package struct FirebasePost: Sendable {
    /// A comment (with text) or a like (without).
    package struct Interaction: Sendable {
        package let id: ContentID
        package let author: String
        package let text: String?
        package let path: JSONPath
    }

    package let id: ContentID
    package let author: String
    let imageID: String
    package let caption: String?
    package let comments: [Interaction]
    package let likes: [Interaction]
    package let path: JSONPath

    package static let keys: Set<String> = ["username", "user", "imageEndpoint", "caption", "comments", "likes"]

    /// nil, with an issue, when the post cannot be imported at all.
    init?(id rawID: String, _ value: ContentValue, at path: JSONPath, issues: inout [ImportIssue]) {
        guard let id = ContentID(rawID) else {
            issues.append(ImportIssue(path, skipped: "this post", "invalid post ID: use 1 to 64 characters from A-Z, a-z, 0-9, '_' and '-'"))
            return nil
        }
        guard let object = ExportObject(value, at: path, what: "this post", issues: &issues) else { return nil }
        object.reportUnknownKeys(known: Self.keys, issues: &issues)
        guard let author = object.string("username", issues: &issues) ?? object.string("user", issues: &issues) else {
            issues.append(ImportIssue(path, skipped: "this post", "it has no 'username'"))
            return nil
        }
        guard let imageID = object.string("imageEndpoint", issues: &issues) else {
            issues.append(ImportIssue(path, skipped: "this post", "it has no 'imageEndpoint'"))
            return nil
        }
        self.id = id
        self.author = author
        self.imageID = imageID
        self.caption = object.string("caption", issues: &issues).flatMap(ContentAuthor.nonBlank)
        self.comments = Self.interactions(of: object, key: "comments", post: id, issues: &issues)
        self.likes = Self.interactions(of: object, key: "likes", post: id, issues: &issues)
        self.path = path
    }

    /// `comments` or `likes`: objects keyed by ID with `username`, `post` and (comments) `text`.
    private static func interactions(of post: ExportObject, key: String, post id: ContentID, issues: inout [ImportIssue]) -> [Interaction] {
        let isComment = key == "comments"
        let what = isComment ? "this comment" : "this like"
        guard let value = post.value(key), let list = ExportObject(value, at: post.path / key, what: "these \(key)", issues: &issues) else { return [] }
        var result: [Interaction] = []
        for (rawID, value) in list.members {
            let path = list.path / rawID
            guard let interactionID = ContentID(rawID) else {
                issues.append(ImportIssue(path, skipped: what, "invalid ID: use 1 to 64 characters from A-Z, a-z, 0-9, '_' and '-'"))
                continue
            }
            guard let record = ExportObject(value, at: path, what: what, issues: &issues) else { continue }
            record.reportUnknownKeys(known: isComment ? ["username", "user", "post", "text"] : ["username", "user", "post"], issues: &issues)
            guard let author = record.string("username", issues: &issues) ?? record.string("user", issues: &issues) else {
                issues.append(ImportIssue(path, skipped: what, "it has no 'username'"))
                continue
            }
            if let named = record.string("post", issues: &issues), named != id.rawValue {
                issues.append(ImportIssue(path / "post", skipped: what, "it names post '\(named)' but stands under post '\(id)'"))
                continue
            }
            var text: String?
            if isComment {
                text = record.string("text", issues: &issues).flatMap(ContentAuthor.nonBlank)
                guard text != nil else {
                    issues.append(ImportIssue(path, skipped: what, "it has no text; an empty comment is not a comment"))
                    continue
                }
            }
            result.append(Interaction(id: interactionID, author: author, text: text, path: path))
        }
        return result.sorted { $0.id < $1.id }
    }
}
