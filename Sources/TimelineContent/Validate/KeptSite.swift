import TimelineModel

/// How the linked site is kept in the site index (`StateCoder`), for an edit build to start
/// from without loading the content: the users whole, each post as a record of its own
/// (`StoredRecords`, read one at a time), the indexes linking made, and the albums whole. The settings are not
/// kept: they are read from `site.json` again, which the index is only used beside unchanged.
extension LinkedSite {
    /// How many of each kept post's first bytes are held for its ID (`postID(at:)`): a push ID
    /// (20 characters) and its length; a longer ID is read with the whole post.
    private static var postIDBytes: Int { 32 }

    /// Writes `site`, or (given nil) reads one with `settings`, whose posts are read from
    /// `bytes` (`StoredRecords.code`) as pages ask for them.
    package static func code(_ site: LinkedSite?, settings: SiteSettings, bytes: StoredBytes, with coder: inout StateCoder) throws(StateCoder.Malformed)
        -> LinkedSite
    {
        let users = try coder.list(site?.users)
        let posts = try StoredRecords.code(site?.posts, bytes: bytes, leadingLength: postIDBytes, with: &coder)
        let postAuthor = try coder.indexes(site?.postAuthor, below: users.count)
        let postsByUser = try coder.indexLists(site?.postsByUser, count: users.count, below: posts.count)
        let following = try coder.indexLists(site?.following, count: users.count, below: users.count)
        let followers = try coder.indexLists(site?.followers, count: users.count, below: users.count)
        let tags = try TagIndex.code(site?.tags, postCount: posts.count, with: &coder)
        let albums = try coder.list(site?.albums)
        guard postAuthor.count == posts.count else { throw StateCoder.Malformed() }
        if let site { return site }
        var read = LinkedSite(
            settings: settings, users: users, posts: posts, postAuthor: postAuthor, postsByUser: postsByUser, following: following, followers: followers)
        read.tags = tags
        read.setAlbums(albums)
        return read
    }
}

extension TagIndex {
    static func code(_ index: TagIndex?, postCount: Int, with coder: inout StateCoder) throws(StateCoder.Malformed) -> TagIndex {
        let count = try coder.count(index?.tags.count)
        var tags: [Tag] = []
        for position in 0..<count {
            let tag = index?.tags[position]
            let key = try coder.string(tag?.key)
            let spelling = try coder.string(tag?.spelling)
            let posts = try coder.indexes(tag?.posts, below: postCount)
            if index == nil { tags.append(Tag(key: key, spelling: spelling, posts: posts)) }
        }
        let tagsOfPost = try coder.indexLists(index?.tagsOfPost, count: postCount, below: count)
        return index ?? TagIndex(tags: tags, tagsOfPost: tagsOfPost)
    }
}
