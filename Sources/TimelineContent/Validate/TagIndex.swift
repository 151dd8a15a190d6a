import Foundation
import TimelineModel
import TimelineSystem

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

    package static let empty = TagIndex(tags: [], tagsOfPost: [])

    /// The indexes in `tags` of a post's tags (none before the index is built).
    package func tags(ofPost index: Int) -> [Int] {
        index < tagsOfPost.count ? tagsOfPost[index] : []
    }

    /// The index after a post with no tags yet was put first (`LinkedSite.insertNewest`).
    package func afterInsertingNewestPost() -> TagIndex {
        TagIndex(tags: tags.map { Tag(key: $0.key, spelling: $0.spelling, posts: $0.posts.map { $0 + 1 }) }, tagsOfPost: [[]] + tagsOfPost)
    }

    /// The index after the post at `index`, in no tag any more (`TagIndexEdit` took it out),
    /// was removed (`LinkedSite.removePost`): every later post's index moves one down.
    package func afterRemovingPost(at index: Int) -> TagIndex {
        var tagsOfPost = tagsOfPost
        if index < tagsOfPost.count { tagsOfPost.remove(at: index) }
        return TagIndex(tags: tags.map { Tag(key: $0.key, spelling: $0.spelling, posts: $0.posts.map { $0 > index ? $0 - 1 : $0 }) }, tagsOfPost: tagsOfPost)
    }

    /// The keys of a post's tags, in caption order.
    package func keys(ofPost index: Int) -> [String] {
        tags(ofPost: index).map { tags[$0].key }
    }

    /// A caption's hashtags as tags: each key once, in caption order, with its first spelling.
    package static func uniqueTags(_ hashtags: [String]) -> [(key: String, spelling: String)] {
        var tags: [(key: String, spelling: String)] = []
        for spelling in hashtags {
            let key = CaptionScanner.tagKey(spelling)
            if !tags.contains(where: { $0.key == key }) { tags.append((key, spelling)) }
        }
        return tags
    }

    /// The hashtags and mentions of every caption, read in parallel.
    package static func build(site: LinkedSite) async -> (TagIndex, [Diagnostic]) {
        let references = await ParallelMap.map(site.posts) { post in
            post.caption.map(Markdown.references) ?? (hashtags: [], mentions: [])
        }
        var postsByKey: [String: [Int]] = [:]
        var spellings: [String: String] = [:]
        var keysOfPost: [[String]] = []
        for (index, found) in references.enumerated() {
            let tags = uniqueTags(found.hashtags)
            for (key, spelling) in tags {
                postsByKey[key, default: []].append(index)
                // Posts are newest first: the first spelling met is the newest.
                if spellings[key] == nil { spellings[key] = spelling }
            }
            keysOfPost.append(tags.map(\.key))
        }
        let tags = postsByKey.map { key, posts in Tag(key: key, spelling: spellings[key] ?? key, posts: posts) }
            .sorted { $0.posts.count != $1.posts.count ? $0.posts.count > $1.posts.count : $0.key < $1.key }
        let indexByKey = Dictionary(uniqueKeysWithValues: tags.enumerated().map { ($1.key, $0) })
        let index = TagIndex(tags: tags, tagsOfPost: keysOfPost.map { $0.compactMap { indexByKey[$0] } })
        return (index, unknownMentions(site: site, mentions: references.map(\.mentions)))
    }

    /// A warning at each mention of a name that is no user, where the caption writes it.
    private static func unknownMentions(site: LinkedSite, mentions: [[String]]) -> [Diagnostic] {
        mentions.enumerated().flatMap { index, names in unknownMentions(names, of: site.posts[index], site: site) }
    }

    package static func unknownMentions(_ names: [String], of post: Post, site: LinkedSite) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var occurrence: [String: Int] = [:]
        // `post.md` is read again at the first unknown mention only: nil until then.
        var locator: MentionLocation??
        for name in names {
            occurrence[name, default: 0] += 1
            guard site.userIndex(foldedName: name) == nil else { continue }
            if locator == nil { locator = MentionLocation(post: SitePath(fileAsGiven: post.source.path)) }
            let location = locator??.location(of: name, occurrence: occurrence[name, default: 1]) ?? post.source
            diagnostics.append(.warning(.unknownUser, stage: .validate, at: location, "'@\(name)' mentions no user of the site, so it is not a link"))
        }
        return diagnostics
    }
}
