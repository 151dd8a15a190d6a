import TimelineContent
import TimelineModel

/// Reads the person's profile: `profile_user[0].string_map_data` (`Username`, `Name`, `Bio`,
/// each `{value}`) and `media_map_data["Profile Photo"].uri` for the avatar.
struct InstagramProfileReader {
    let source: InstagramExportSource
    let listing: InstagramExportListing
    let prefix: [String]

    /// Where exports keep the profile, newest layout first.
    static let files: [[String]] = [
        ["personal_information", "personal_information", "personal_information.json"],
        ["personal_information", "personal_information.json"],
        ["account_information", "personal_information.json"],
    ]

    func read(issues: inout [InstagramIssue]) -> InstagramProfile? {
        guard let path = Self.files.map({ InstagramEntryPath(segments: prefix + $0) }).first(where: listing.contains) else {
            let looked = Self.files.map { $0.joined(separator: "/") }.joined(separator: ", ")
            issues.append(InstagramIssue(file: source.shown, skipped: "the profile", "the export has no personal_information.json (looked for \(looked))"))
            return nil
        }
        guard let file = InstagramJSONFile.load(path, from: source, what: "the profile", issues: &issues) else { return nil }
        var found: [ImportIssue] = []
        let profile = profile(in: file, issues: &found)
        issues += found.map { InstagramIssue(file: file.name, $0) }
        return profile
    }

    private func profile(in file: InstagramJSONFile, issues: inout [ImportIssue]) -> InstagramProfile? {
        guard let root = ExportObject(file.root, at: .root, what: "the profile", issues: &issues) else { return nil }
        guard let users = root.array("profile_user", what: "the profile", issues: &issues) else {
            if root.value("profile_user") == nil { issues.append(ImportIssue(.root, skipped: "the profile", "it has no profile_user")) }
            return nil
        }
        guard let first = users.first else {
            issues.append(ImportIssue(.root / "profile_user", skipped: "the profile", "profile_user is empty"))
            return nil
        }
        guard let user = ExportObject(first, at: .root / "profile_user" / "0", what: "the profile", issues: &issues) else { return nil }
        let strings = user.object("string_map_data", what: "the profile", issues: &issues)
        func field(_ key: String) -> String? {
            guard let strings, let entry = strings.object(key, what: "this key", issues: &issues) else { return nil }
            return entry.text("value", issues: &issues)
        }
        guard let username = field("Username") else {
            issues.append(ImportIssue(user.path / "string_map_data" / "Username", skipped: "the profile", "it has no username"))
            return nil
        }
        return InstagramProfile(username: username, name: field("Name"), bio: field("Bio"), avatar: avatar(of: user, issues: &issues), file: file.name)
    }

    /// `media_map_data["Profile Photo"].uri`, when it names a file of the export.
    private func avatar(of user: ExportObject, issues: inout [ImportIssue]) -> InstagramEntryPath? {
        guard let media = user.object("media_map_data", what: "the profile photo", issues: &issues),
            let photo = media.object("Profile Photo", what: "the profile photo", issues: &issues),
            let text = photo.string("uri", issues: &issues), !text.isEmpty
        else { return nil }
        switch listing.file(named: text, under: prefix) {
        case .success(let uri): return uri
        case .failure(let reason):
            issues.append(ImportIssue(photo.path / "uri", skipped: "the profile photo", reason.description))
            return nil
        }
    }
}
