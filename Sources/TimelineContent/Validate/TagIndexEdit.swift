import TimelineModel

/// The hashtags after some captions changed, worked out from the index as it was and the
/// edited posts' tags alone, without reading every caption again: what an edit build that
/// adds or drops a hashtag needs. The result is the index `TagIndex.build` makes of the edited
/// site: the same tags, posts, spellings and order.
package struct TagIndexEdit: Sendable {
    package let old: TagIndex
    package let new: TagIndex
    /// The keys whose posts or spelling changed, and so whose pages, feed and place in the
    /// tags page may have: tags gained, lost, made or gone.
    package let changedKeys: Set<String>
    /// Whether `new` differs from `old` at all: tags changed, or an edited post names the
    /// same tags in another order.
    package let changesIndex: Bool

    /// `tagsOfEdited` holds each edited post's tags (`TagIndex.uniqueTags` of its caption);
    /// `spelling(post, key)` gives how another post's caption writes a tag, read only when a
    /// tag's newest post is no longer the one that gave its spelling.
    package init(_ old: TagIndex, tagsOfEdited: [Int: [(key: String, spelling: String)]], spelling: (Int, String) -> String?) {
        self.old = old
        var oldIndexByKey: [String: Int] = [:]
        for (index, tag) in old.tags.enumerated() { oldIndexByKey[tag.key] = index }
        var touched = Set<String>()
        for (post, tags) in tagsOfEdited {
            touched.formUnion(old.keys(ofPost: post))
            touched.formUnion(tags.map(\.key))
        }
        let edited = Set(tagsOfEdited.keys)
        var changed = Set<String>()
        var tags = old.tags.filter { !touched.contains($0.key) }
        for key in touched.sorted() {
            let before = oldIndexByKey[key].map { old.tags[$0] }
            var posts = (before?.posts ?? []).filter { !edited.contains($0) }
            posts += tagsOfEdited.compactMap { post, tags in tags.contains { $0.key == key } ? post : nil }
            posts.sort()
            guard let newest = posts.first else {
                changed.insert(key)
                continue
            }
            let newSpelling: String
            if let ownTags = tagsOfEdited[newest] {
                newSpelling = ownTags.first { $0.key == key }?.spelling ?? key
            } else if let before, before.posts.first == newest {
                newSpelling = before.spelling
            } else {
                newSpelling = spelling(newest, key) ?? key
            }
            let tag = TagIndex.Tag(key: key, spelling: newSpelling, posts: posts)
            if tag != before { changed.insert(key) }
            tags.append(tag)
        }
        tags.sort { $0.posts.count != $1.posts.count ? $0.posts.count > $1.posts.count : $0.key < $1.key }
        changedKeys = changed
        let reordered = tagsOfEdited.contains { post, tags in tags.map(\.key) != old.keys(ofPost: post) }
        changesIndex = !changed.isEmpty || reordered
        guard changesIndex else {
            new = old
            return
        }
        var newIndexByKey: [String: Int] = [:]
        for (index, tag) in tags.enumerated() { newIndexByKey[tag.key] = index }
        let moved = old.tags.map { newIndexByKey[$0.key] }
        var tagsOfPost = old.tagsOfPost.map { indexes in indexes.compactMap { moved[$0] } }
        for (post, ownTags) in tagsOfEdited where post < tagsOfPost.count {
            tagsOfPost[post] = ownTags.compactMap { newIndexByKey[$0.key] }
        }
        new = TagIndex(tags: tags, tagsOfPost: tagsOfPost)
    }

    /// How a caption writes the tag `key`, when it uses it.
    package static func spelling(of key: String, inCaption caption: String?) -> String? {
        let hashtags = caption.map(Markdown.references)?.hashtags ?? []
        return TagIndex.uniqueTags(hashtags).first { $0.key == key }?.spelling
    }
}
