import TimelineContent
import TimelineModel

/// Reads the posts of an Instagram export: every `posts_N.json` of the first folder that has
/// one (newest layout first), each a list of posts or, for one post, the post itself; then the
/// video posts Instagram keeps outside them, reels and IGTV videos
/// (`InstagramVideoPostsReader`).
struct InstagramPostsReader {
    let source: InstagramExportSource
    let listing: InstagramExportListing
    /// The folder the export's files lie in (see `InstagramExportReader`).
    let prefix: [String]

    /// Where exports keep their posts files, newest layout first.
    static let folders: [[String]] = [
        ["your_instagram_activity", "media"],
        ["your_instagram_activity", "content"],
        ["content"],
    ]

    func read(issues: inout [InstagramIssue]) -> [InstagramPost] {
        let parser = InstagramPostParser(listing: listing, prefix: prefix)
        var posts: [(post: InstagramPost, order: Int)] = []
        for path in postsFiles(issues: &issues) {
            guard let file = InstagramJSONFile.load(path, from: source, what: "this posts file", issues: &issues) else { continue }
            let values: [(ContentValue, JSONPath)]
            switch file.root.kind {
            case .array(let elements): values = elements.enumerated().map { ($1, JSONPath.root / String($0)) }
            case .object: values = [(file.root, JSONPath.root)]
            default:
                issues.append(InstagramIssue(file: file.name, skipped: "this posts file", "must be a list of posts or one post, found \(file.root.typeName)"))
                continue
            }
            for (value, path) in values {
                var found: [ImportIssue] = []
                if let post = parser.post(value, at: path, in: file.name, issues: &found) { posts.append((post, posts.count)) }
                issues += found.map { InstagramIssue(file: file.name, $0) }
            }
        }
        let videoPosts = InstagramVideoPostsReader(source: source, listing: listing, parser: parser).read(besides: posts.map(\.post), issues: &issues)
        for post in videoPosts { posts.append((post, posts.count)) }
        return posts.sorted { ($0.post.timestamp, $0.order) < ($1.post.timestamp, $1.order) }.map(\.post)
    }

    /// The posts files in number order (`posts_2.json` before `posts_10.json`).
    private func postsFiles(issues: inout [InstagramIssue]) -> [InstagramEntryPath] {
        var chosen: [String]?
        var result: [(number: Int, path: InstagramEntryPath)] = []
        for folder in Self.folders {
            let found = numberedFiles(in: prefix + folder)
            guard !found.isEmpty else { continue }
            if let chosen {
                for (_, path) in found {
                    issues.append(
                        InstagramIssue(file: path.description, skipped: "this posts file", "the posts are read from \(chosen.joined(separator: "/"))/"))
                }
                continue
            }
            chosen = prefix + folder
            result = found
        }
        guard chosen != nil else {
            // An account that only posted reels has no posts file, and nothing is missing.
            guard !InstagramVideoPostsReader.hasFiles(in: listing, prefix: prefix) else { return [] }
            let looked = Self.folders.map { $0.joined(separator: "/") + "/" }.joined(separator: ", ")
            issues.append(InstagramIssue(file: source.shown, skipped: "the posts", "the export has no posts_1.json (looked in \(looked))"))
            return []
        }
        return result.sorted { $0.number < $1.number }.map(\.path)
    }

    private func numberedFiles(in folder: [String]) -> [(number: Int, path: InstagramEntryPath)] {
        listing.files.compactMap { path in
            guard path.segments.count == folder.count + 1, path.segments.starts(with: folder) else { return nil }
            let name = path.fileName
            guard name.hasPrefix("posts_"), name.hasSuffix(".json") else { return nil }
            let digits = name.dropFirst("posts_".count).dropLast(".json".count)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits) else { return nil }
            return (number, path)
        }
    }
}
