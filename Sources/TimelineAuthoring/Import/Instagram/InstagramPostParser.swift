import TimelineContent
import TimelineModel

/// Reads one post of an Instagram export, as `posts_N.json`, `reels.json` and
/// `igtv_videos.json` all write it: `{"title"?, "creation_timestamp"?, "media": [{"uri",
/// "creation_timestamp", "title"}, …]}`, several media items being one post (a carousel).
struct InstagramPostParser {
    let listing: InstagramExportListing
    /// The folder the export's files lie in (see `InstagramExportReader`).
    let prefix: [String]

    /// The post at `path` of `file`; nil, with issues, when it is not one or none of its media
    /// can be read. `what` names it in those issues ("this post", "this reel").
    func post(_ value: ContentValue, at path: JSONPath, in file: String, what: String = "this post", issues: inout [ImportIssue]) -> InstagramPost? {
        guard let object = ExportObject(value, at: path, what: what, issues: &issues) else { return nil }
        let title = object.text("title", issues: &issues)
        let ownTimestamp = object.seconds("creation_timestamp", issues: &issues)
        guard let items = object.array("media", what: what, issues: &issues) else {
            if object.value("media") == nil { issues.append(ImportIssue(path, skipped: what, "it has no media")) }
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
            issues.append(ImportIssue(path, skipped: what, items.isEmpty ? "it has no media" : "none of its media can be read"))
            return nil
        }
        guard let timestamp = ownTimestamp ?? firstTimestamp else {
            issues.append(ImportIssue(path, skipped: what, "neither it nor its first media item has a creation_timestamp"))
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
