import Foundation

/// The site's hashtags: each tag with the posts whose caption uses it, newest first, and each
/// post's tags. Made from the linked site's captions (`Markdown.references`), with a warning
/// for each mention of a user the site does not have.
public struct TagIndex: Sendable {
    public struct Tag: Sendable, Hashable {
        /// NFC, lower-cased: the tag's identity and the name of its folder (`tags/café/`).
        public let key: String
        /// As its newest post writes it (`Coffee`).
        public let spelling: String
        /// Indexes of its posts, newest first.
        public let posts: [Int]
    }

    /// Most used first, then by key.
    public let tags: [Tag]
    /// Per post, the indexes in `tags` of its tags, in caption order.
    public let tagsOfPost: [[Int]]
    private let indexByKey: [String: Int]

    static let empty = TagIndex(tags: [], tagsOfPost: [], indexByKey: [:])

    func index(ofKey key: String) -> Int? {
        indexByKey[key]
    }

    /// The hashtags and mentions of every caption, read in parallel.
    static func build(site: LinkedSite) async -> (TagIndex, [Diagnostic]) {
        let references = await ParallelMap.map(site.posts) { post in
            post.caption.map(Markdown.references) ?? (hashtags: [], mentions: [])
        }
        var postsByKey: [String: [Int]] = [:]
        var spellings: [String: String] = [:]
        var keysOfPost: [[String]] = []
        for (index, found) in references.enumerated() {
            var keys: [String] = []
            for spelling in found.hashtags {
                let key = CaptionScanner.tagKey(spelling)
                guard !keys.contains(key) else { continue }
                keys.append(key)
                postsByKey[key, default: []].append(index)
                // Posts are newest first: the first spelling met is the newest.
                if spellings[key] == nil { spellings[key] = spelling }
            }
            keysOfPost.append(keys)
        }
        let tags = postsByKey.map { key, posts in Tag(key: key, spelling: spellings[key] ?? key, posts: posts) }
            .sorted { $0.posts.count != $1.posts.count ? $0.posts.count > $1.posts.count : $0.key < $1.key }
        let indexByKey = Dictionary(uniqueKeysWithValues: tags.enumerated().map { ($1.key, $0) })
        let index = TagIndex(tags: tags, tagsOfPost: keysOfPost.map { $0.compactMap { indexByKey[$0] } }, indexByKey: indexByKey)
        return (index, unknownMentions(site: site, mentions: references.map(\.mentions)))
    }

    /// A warning at each mention of a name that is no user, where the caption writes it.
    private static func unknownMentions(site: LinkedSite, mentions: [[String]]) -> [Diagnostic] {
        mentions.enumerated().flatMap { index, names in unknownMentions(names, of: site.posts[index], site: site) }
    }

    static func unknownMentions(_ names: [String], of post: Post, site: LinkedSite) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var occurrence: [String: Int] = [:]
        for name in names {
            occurrence[name, default: 0] += 1
            guard site.userIndex(foldedName: name) == nil else { continue }
            let location = MentionLocation.find("@" + name, occurrence: occurrence[name, default: 1], in: post.source.path) ?? post.source
            diagnostics.append(.warning(.unknownUser, stage: .validate, at: location, "'@\(name)' mentions no user of the site, so it is not a link"))
        }
        return diagnostics
    }

    /// The keys of a post's tags, in caption order.
    func keys(ofPost index: Int) -> [String] {
        index < tagsOfPost.count ? tagsOfPost[index].map { tags[$0].key } : []
    }
}

/// Where a caption writes a mention: found again in `post.md` (only for a warning, which is
/// rare), as the n-th `@name` that is not part of a longer name or an address.
enum MentionLocation {
    static func find(_ mention: String, occurrence: Int, in path: String) -> SourceLocation? {
        guard let bytes = try? FileSystem.readBytes(path) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var seen = 0
        for (number, line) in lines.enumerated() {
            var searchStart = line.startIndex
            while let range = line[searchStart...].range(of: mention) {
                let before = range.lowerBound > line.startIndex ? line[line.index(before: range.lowerBound)] : nil
                let after = range.upperBound < line.endIndex ? line[range.upperBound] : nil
                let boundedBefore = before.map { !CaptionScanner.isUsernameCharacter($0) && $0 != "+" && $0 != "@" } ?? true
                let boundedAfter = after.map { !CaptionScanner.isUsernameCharacter($0) || $0 == "." || $0 == "-" } ?? true
                if boundedBefore, boundedAfter {
                    seen += 1
                    if seen == occurrence {
                        return SourceLocation(path: path, line: number + 1, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
                    }
                }
                searchStart = range.upperBound
            }
        }
        return nil
    }
}
