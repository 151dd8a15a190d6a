import TimelineContent
import TimelineModel

/// Reads whom the person follows: `relationships_following[]`, each entry's username in
/// `string_list_data[0].value`, or (newer exports) the entry's `title`, or else the last
/// segment of `string_list_data[0].href` (`https://www.instagram.com/_u/name` gives `name`).
struct InstagramFollowingReader {
    let source: InstagramExportSource
    let listing: InstagramExportListing
    let prefix: [String]

    /// Where exports keep the follows, newest layout first.
    static let files: [[String]] = [
        ["connections", "followers_and_following", "following.json"],
        ["followers_and_following", "following.json"],
    ]

    func read(issues: inout [InstagramIssue]) -> [InstagramFollow] {
        guard let path = Self.files.map({ InstagramEntryPath(segments: prefix + $0) }).first(where: listing.contains) else {
            let looked = Self.files.map { $0.joined(separator: "/") }.joined(separator: ", ")
            issues.append(InstagramIssue(file: source.shown, skipped: "the follows", "the export has no following.json (looked for \(looked))"))
            return []
        }
        guard let file = InstagramJSONFile.load(path, from: source, what: "the follows", issues: &issues) else { return [] }
        var found: [ImportIssue] = []
        let following = following(in: file, issues: &found)
        issues += found.map { InstagramIssue(file: file.name, $0) }
        return following
    }

    private func following(in file: InstagramJSONFile, issues: inout [ImportIssue]) -> [InstagramFollow] {
        var follows: [InstagramFollow] = []
        var seen = Set<String>()
        for (value, path) in file.entries(under: "relationships_following", what: "the follows", issues: &issues) {
            guard let entry = ExportObject(value, at: path, what: "this follow", issues: &issues), let username = username(of: entry, issues: &issues) else {
                continue
            }
            guard seen.insert(username).inserted else {
                issues.append(ImportIssue(path, skipped: "this follow", "'\(username)' is followed twice; the first is kept"))
                continue
            }
            follows.append(InstagramFollow(username: username, file: file.name, path: path))
        }
        return follows
    }

    private func username(of entry: ExportObject, issues: inout [ImportIssue]) -> String? {
        var data: ExportObject?
        if let list = entry.array("string_list_data", what: "this key", issues: &issues), let first = list.first {
            data = ExportObject(first, at: entry.path / "string_list_data" / "0", what: "this key", issues: &issues)
        }
        if let value = data?.text("value", issues: &issues) { return value }
        if let title = entry.text("title", issues: &issues) { return title }
        if let href = data?.string("href", issues: &issues), let name = Self.lastSegment(ofURL: href) { return name }
        issues.append(ImportIssue(entry.path, skipped: "this follow", "no username in string_list_data[0].value, title or string_list_data[0].href"))
        return nil
    }

    /// `https://www.instagram.com/_u/name/?x=1` gives `name`; a URL with no path gives nil.
    static func lastSegment(ofURL href: String) -> String? {
        var rest = Substring(href)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        let segments = rest.split(separator: "/")
        guard segments.count >= 2, let last = segments.last else { return nil }
        return InstagramText.repaired(String(last))
    }
}
