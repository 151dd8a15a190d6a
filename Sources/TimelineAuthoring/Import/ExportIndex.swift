import TimelineContent
import TimelineModel

/// The first pass over an export: checks the syntax of the whole file, reads the users (they
/// are few and every post needs them), and notes where each image's Base64 and each `posts`
/// object lie in the file, without holding either. Only this index stays in memory.
package struct ExportIndex {
    package var users: [FirebaseUser] = []
    package var images: [String: JSONStreamReader.StringSpan] = [:]
    /// File offsets of the `posts` objects (one, unless the key is repeated).
    var postSections: [Int] = []

    /// The most one user or post record may take; a larger one is skipped.
    static let maximumRecordBytes = 64 << 20

    package static func scan(_ reader: JSONStreamReader, report: (ImportIssue) -> Void) throws(JSONStreamReader.SyntaxError) -> ExportIndex {
        var index = ExportIndex()
        try reader.skipByteOrderMark()
        guard try reader.peekKind() == .object else {
            throw JSONStreamReader.SyntaxError(offset: reader.offset, message: "the export must be one JSON object with the keys users, posts and images")
        }
        try reader.beginObject()
        while let (key, _) = try reader.nextKey() {
            let path = JSONPath.root / key
            switch key {
            case "users":
                try index.readUsers(reader, at: path, report: report)
            case "images":
                try index.readImages(reader, at: path, report: report)
            case "posts":
                guard try reader.peekKind() == .object else {
                    report(ImportIssue(path, skipped: "the posts", "must be an object keyed by post ID"))
                    try reader.skipValue()
                    continue
                }
                index.postSections.append(reader.offset)
                try reader.skipValue()
            default:
                report(ImportIssue(path, skipped: "this key", "an export of the original app holds only users, posts and images"))
                try reader.skipValue()
            }
        }
        try reader.finish()
        return index
    }

    /// Steps through the members of the object at the reader (reporting anything else), with
    /// each key and its path.
    static func forEachMember(
        of reader: JSONStreamReader, at path: JSONPath, what: String, report: (ImportIssue) -> Void,
        _ body: (String, JSONPath) throws(JSONStreamReader.SyntaxError) -> Void
    ) throws(JSONStreamReader.SyntaxError) {
        guard try reader.peekKind() == .object else {
            report(ImportIssue(path, skipped: what, "must be an object keyed by ID"))
            try reader.skipValue()
            return
        }
        try reader.beginObject()
        while let (key, _) = try reader.nextKey() {
            try body(key, path / key)
        }
    }

    /// The next value as a parsed record, or nil with an issue when it is too large or is
    /// not valid JSON text (such as a string that is not UTF-8).
    package static func record(from reader: JSONStreamReader, at path: JSONPath, what: String, report: (ImportIssue) -> Void) throws(JSONStreamReader
        .SyntaxError)
        -> ContentValue?
    {
        let (bytes, _) = try reader.captureValue(limit: maximumRecordBytes)
        guard let bytes else {
            report(ImportIssue(path, skipped: what, "it is larger than \(maximumRecordBytes >> 20) MiB"))
            return nil
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            report(ImportIssue(path, skipped: what, "malformed: \(error.message)"))
            return nil
        }
    }

    private mutating func readUsers(_ reader: JSONStreamReader, at path: JSONPath, report: (ImportIssue) -> Void) throws(JSONStreamReader.SyntaxError) {
        var seen = Set(users.map(\.uid))
        try Self.forEachMember(of: reader, at: path, what: "the users", report: report) { uid, userPath throws(JSONStreamReader.SyntaxError) in
            guard let value = try Self.record(from: reader, at: userPath, what: "this user", report: report) else { return }
            guard seen.insert(uid).inserted else {
                report(ImportIssue(userPath, skipped: "this user", "the uid appears twice; the first is kept"))
                return
            }
            var issues: [ImportIssue] = []
            if let user = FirebaseUser(uid: uid, value, at: userPath, issues: &issues) { users.append(user) }
            issues.forEach(report)
        }
    }

    private mutating func readImages(_ reader: JSONStreamReader, at path: JSONPath, report: (ImportIssue) -> Void) throws(JSONStreamReader.SyntaxError) {
        try Self.forEachMember(of: reader, at: path, what: "the images", report: report) { id, imagePath throws(JSONStreamReader.SyntaxError) in
            guard try reader.peekKind() == .string else {
                report(ImportIssue(imagePath, skipped: "this image", "must be a string of Base64"))
                try reader.skipValue()
                return
            }
            let span = try reader.stringSpan()
            guard images[id] == nil else {
                report(ImportIssue(imagePath, skipped: "this image", "the ID appears twice; the first is kept"))
                return
            }
            images[id] = span
        }
    }
}
