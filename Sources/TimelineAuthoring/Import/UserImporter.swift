import TimelineContent
import TimelineModel

/// Writes the export's users into `users/`. A new user gets a file; a user whose file exists
/// keeps every value it has (a name, an avatar, a bio edited since), gains the values it
/// lacks, and gains the follows it does not have yet, at the end of its list. A file that
/// would come out the same is not written again.
package struct UserImporter {
    package let folder: ContentFolder

    package struct Counts: Sendable {
        package var added = 0
        package var updated = 0
        package var unchanged = 0
    }

    func importUsers(_ users: [FirebaseUser], report: (ImportIssue) -> Void) throws(ImportFailure) -> (UserDirectory, Counts) {
        var directory = UserDirectory(existing: folder.usernames())
        var accepted: [FirebaseUser] = []
        var firstUIDByName: [String: String] = [:]
        for user in users {
            let folded = Username.caseFolded(user.username)
            if let first = firstUIDByName[folded] {
                report(ImportIssue(user.path, skipped: "this user", "the username '\(user.username)' belongs to user '\(first)' already"))
                directory.skip(uid: user.uid)
                continue
            }
            firstUIDByName[folded] = user.uid
            if let clash = directory.clash(with: user.username), clash != user.username {
                report(
                    ImportIssue(
                        user.path, skipped: "this user", "'\(user.username)' differs only in case from \(folder.display(ContentLayout.userFile(clash)))"))
                directory.skip(uid: user.uid)
                continue
            }
            directory.accept(uid: user.uid, username: user.username)
            accepted.append(user)
        }
        var counts = Counts()
        for user in accepted {
            var follows: [String] = []
            for uid in user.follows {
                guard let username = directory.username(ofUID: uid) else {
                    report(ImportIssue(user.path / "follows" / uid, skipped: "this follow", directory.missingUIDReason(uid)))
                    continue
                }
                follows.append(username)
            }
            try write(user, follows: follows, counts: &counts, report: report)
        }
        return (directory, counts)
    }

    private func write(_ user: FirebaseUser, follows: [String], counts: inout Counts, report: (ImportIssue) -> Void) throws(ImportFailure) {
        let file = ContentLayout.userFile(user.username)
        let imported = UserRecord(username: user.username, bio: user.bio, url: user.url, follows: follows)
        let transaction = folder.transaction()
        let isNew = !folder.exists(file)
        do {
            if isNew {
                try transaction.create(file, bytes: imported.fileBytes)
            } else {
                let existing = try folder.readUser(user.username)
                let merged = Self.merge(imported, into: existing)
                guard merged != existing else {
                    counts.unchanged += 1
                    return
                }
                try transaction.write(file, bytes: merged.fileBytes)
            }
            try transaction.commit { folder.verifyUser(user.username) }
            if isNew { counts.added += 1 } else { counts.updated += 1 }
        } catch {
            guard error.reason == .invalidContent else { throw ImportFailure.writing(error) }
            let detail = error.diagnostics.first.map { ": \($0)" } ?? ""
            report(ImportIssue(user.path, skipped: "this user's changes", "\(folder.display(file)) does not pass the content rules\(detail)"))
        }
    }

    /// What is in the content stays; what only the export has is added.
    package static func merge(_ imported: UserRecord, into existing: UserRecord) -> UserRecord {
        var merged = existing
        merged.bio = existing.bio ?? imported.bio
        merged.url = existing.url ?? imported.url
        merged.follows += imported.follows.filter { !existing.follows.contains($0) }
        return merged
    }
}
