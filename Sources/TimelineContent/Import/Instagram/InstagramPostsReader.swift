import TimelineModel

/// Reads the posts of an Instagram export: every `posts_N.json` of the first folder that has
/// one (newest layout first), each a list of posts or, for one post, the post itself.
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
                if let post = post(value, at: path, in: file.name, issues: &found) { posts.append((post, posts.count)) }
                issues += found.map { InstagramIssue(file: file.name, $0) }
            }
        }
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

    private func post(_ value: ContentValue, at path: JSONPath, in file: String, issues: inout [ImportIssue]) -> InstagramPost? {
        guard let object = ExportObject(value, at: path, what: "this post", issues: &issues) else { return nil }
        let title = object.text("title", issues: &issues)
        let ownTimestamp = object.seconds("creation_timestamp", issues: &issues)
        guard let items = object.array("media", what: "this post", issues: &issues) else {
            if object.value("media") == nil { issues.append(ImportIssue(path, skipped: "this post", "it has no media")) }
            return nil
        }
        var media: [InstagramMedia] = []
        var firstTitle: String?
        var firstTimestamp: Int64?
        for (index, item) in items.enumerated() {
            let itemPath = path / "media" / String(index)
            guard let itemObject = ExportObject(item, at: itemPath, what: "this media item", issues: &issues) else { continue }
            let itemTitle = itemObject.text("title", issues: &issues)
            let itemTimestamp = itemObject.seconds("creation_timestamp", issues: &issues)
            if index == 0 {
                firstTitle = itemTitle
                firstTimestamp = itemTimestamp
            }
            guard let uri = uri(of: itemObject, issues: &issues) else { continue }
            media.append(InstagramMedia(uri: uri, kind: InstagramMedia.kind(of: uri), timestamp: itemTimestamp, title: itemTitle, path: itemPath))
        }
        guard !media.isEmpty else {
            issues.append(ImportIssue(path, skipped: "this post", items.isEmpty ? "it has no media" : "none of its media can be read"))
            return nil
        }
        guard let timestamp = ownTimestamp ?? firstTimestamp else {
            issues.append(ImportIssue(path, skipped: "this post", "neither the post nor its first media item has a creation_timestamp"))
            return nil
        }
        return InstagramPost(caption: title ?? firstTitle, timestamp: timestamp, media: media, file: file, path: path)
    }

    /// The item's `uri` as a file of the export; nil, with an issue, when it is absent, names
    /// a place outside the export, or is not in it.
    private func uri(of item: ExportObject, issues: inout [ImportIssue]) -> InstagramEntryPath? {
        let uriPath = item.path / "uri"
        guard let value = item.value("uri") else {
            issues.append(ImportIssue(item.path, skipped: "this media item", "it has no uri"))
            return nil
        }
        guard case .string(let text) = value.kind else {
            issues.append(ImportIssue(uriPath, skipped: "this media item", "the uri must be a string, found \(value.typeName)"))
            return nil
        }
        switch listing.file(named: text, under: prefix) {
        case .success(let uri): return uri
        case .failure(let reason):
            issues.append(ImportIssue(uriPath, skipped: "this media item", reason.description))
            return nil
        }
    }
}
