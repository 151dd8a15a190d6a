import TimelineModel
import TimelineSystem

/// Reads a post's `comments.json` and `likes.json`. Each is an array of records; the
/// Firebase export form, an object keyed by ID, is accepted too.
package enum InteractionsReader {
    /// The fields each record needs besides its ID. In the array form the ID is an `id` field;
    /// in the keyed form it is the key, and a record may also name its `post`.
    static let commentFields = ["username", "text"]
    static let likeFields = ["username"]

    private struct Entry {
        let id: ContentID
        let author: UserReference
        let fields: RecordFields
        let location: SourceLocation
    }

    package static func comments(at file: SitePath, postID: ContentID) -> ([Comment], [Diagnostic]) {
        var comments: [Comment] = []
        let diagnostics = readEntries(
            at: file, postID: postID, kind: "comment", fields: commentFields
        ) { entry, reader in
            let text = reader.string(entry.fields, "text") ?? ""
            guard !text.allSatisfy(\.isWhitespace) else {
                reader.appendDiagnostic(
                    .error(.emptyComment, stage: .load, at: entry.location, "comment '\(entry.id)' has no text; an empty comment is not a comment"))
                return
            }
            comments.append(Comment(id: entry.id, author: entry.author, text: text, source: entry.location))
        }
        return (comments, diagnostics)
    }

    package static func likes(at file: SitePath, postID: ContentID) -> ([Like], [Diagnostic]) {
        var likes: [Like] = []
        let diagnostics = readEntries(
            at: file, postID: postID, kind: "like", fields: likeFields
        ) { entry, _ in
            likes.append(Like(id: entry.id, author: entry.author, source: entry.location))
        }
        return (likes, diagnostics)
    }

    private static func readEntries(
        at path: SitePath, postID: ContentID, kind: String, fields: [String],
        accept: (Entry, inout RecordReader) -> Void
    ) -> [Diagnostic] {
        let file: SourceFile
        do {
            file = SourceFile(path: path.shown, bytes: try FileSystem.readBytes(path.absolute))
        } catch {
            return [.error(.unreadableFile, stage: .load, at: SourceLocation(path: path.shown), "cannot read: \(error.reason)")]
        }
        var reader = RecordReader(file: file)
        guard let root = reader.parseJSON() else { return reader.diagnostics }
        var seen: [ContentID: SourceLocation] = [:]
        func handle(id rawID: String, idPosition: ContentPosition, fields: RecordFields, recordPosition: ContentPosition) {
            guard let id = ContentID(rawID) else {
                reader.report(.invalidID, at: idPosition, "invalid \(kind) ID '\(rawID)': use 1 to 64 characters from A-Z, a-z, 0-9, '_' and '-'")
                return
            }
            if let first = seen[id] {
                reader.report(.duplicateID, at: idPosition, "duplicate \(kind) ID '\(rawID)' (first used at line \(first.line ?? 0))")
                return
            }
            let location = reader.location(of: recordPosition)
            seen[id] = location
            if let post = reader.string(fields, "post"), post != postID.rawValue, let position = fields.position(of: "post") {
                reader.report(.invalidValue, at: position, "this \(kind) names post '\(post)' but lies in the folder of post '\(postID)'")
            }
            guard let username = reader.string(fields, "username"), let usernamePosition = fields.position(of: "username") else {
                return
            }
            let author = UserReference(username: username, location: reader.location(of: usernamePosition))
            accept(Entry(id: id, author: author, fields: fields, location: location), &reader)
        }
        let described = "a \(kind)"
        switch root.kind {
        case .array(let elements):
            let keys = ["id"] + fields
            for element in elements {
                guard let fields = reader.fields(of: element, describedAs: described, allowed: keys, required: keys),
                    let rawID = reader.string(fields, "id"), let idPosition = fields.position(of: "id")
                else { continue }
                handle(id: rawID, idPosition: idPosition, fields: fields, recordPosition: element.position)
            }
        case .object(let members):
            let allowed = fields + ["post"]
            for member in members {
                guard let fields = reader.fields(of: member.value, describedAs: described, allowed: allowed, required: fields) else { continue }
                handle(id: member.key, idPosition: member.keyPosition, fields: fields, recordPosition: member.keyPosition)
            }
        default:
            reader.report(.wrongType, at: root.position, "expected an array of \(kind)s, found \(root.typeName)")
        }
        return reader.diagnostics
    }
}
