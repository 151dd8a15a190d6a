import TimelineContent
import TimelineModel

/// Who is who during an import: the usernames of the content folder and of the imported
/// users, and the username of each uid of the export. Posts, comments and likes name their
/// author by username; a uid is accepted too.
package struct UserDirectory: Sendable {
    private var usernames: Set<String> = []
    /// Case-folded username → username, for the "differs only in case" hint and clashes.
    private var byFoldedName: [String: String] = [:]
    private var byUID: [String: String] = [:]
    /// uids whose user was skipped, for a clearer message about their records.
    private var skippedUIDs: Set<String> = []

    init(existing: [String]) {
        for username in existing { add(username) }
    }

    private mutating func add(_ username: String) {
        usernames.insert(username)
        byFoldedName[Username.caseFolded(username)] = username
    }

    /// The user a differently written username already belongs to (case aside).
    func clash(with username: String) -> String? {
        byFoldedName[Username.caseFolded(username)]
    }

    package func contains(_ username: String) -> Bool { usernames.contains(username) }

    mutating func accept(uid: String, username: String) {
        add(username)
        byUID[uid] = username
    }

    mutating func skip(uid: String) {
        skippedUIDs.insert(uid)
    }

    package func username(ofUID uid: String) -> String? { byUID[uid] }

    /// Why a uid has no user.
    func missingUIDReason(_ uid: String) -> String {
        skippedUIDs.contains(uid) ? "user '\(uid)' was skipped" : "there is no user '\(uid)' under /users"
    }

    /// The username an author field names (a username, or a uid of the export), or why none.
    package func resolve(_ name: String) -> Result<String, AuthorProblem> {
        if usernames.contains(name) { return .success(name) }
        if let username = byUID[name] { return .success(username) }
        if skippedUIDs.contains(name) { return .failure(AuthorProblem(message: "user '\(name)' was skipped")) }
        let hint = byFoldedName[Username.caseFolded(name)].map { " (did you mean '\($0)'?)" } ?? ""
        return .failure(AuthorProblem(message: "unknown user '\(name)'\(hint)"))
    }

    package struct AuthorProblem: Error, Sendable {
        package let message: String
    }
}
