import TimelineModel

/// The records after the validate-and-link stage: every reference resolved to an index, and
/// the lists each page needs, already in display order.
public struct LinkedSite: Sendable {
    public let settings: SiteSettings
    /// Sorted by username, ignoring case.
    public private(set) var users: [User]
    /// Newest first: by ID, descending, byte by byte. In memory, or read one at a time from the
    /// site index an edit build starts from.
    public private(set) var posts: RecordList<Post>
    /// The index in `users` of each post's author.
    public private(set) var postAuthor: [Int]
    /// Each user's posts as indices into `posts`; ascending indices, so newest first.
    public private(set) var postsByUser: [[Int]]
    /// Whom each user follows (without themselves and without repeats), in user order.
    public private(set) var following: [[Int]]
    /// Who follows each user, in user order.
    public private(set) var followers: [[Int]]
    private var userIndexByName: [String: Int]
    /// By `Username.caseFolded`, which is unique.
    private var userIndexByFoldedName: [String: Int]
    /// Every album, by owner (in user order), then by slug ignoring case. Its posts are kept by
    /// ID (`postIndex(of:)` finds each), so that no edit of the posts' order moves them.
    public private(set) var albums: [Album] = []
    /// The albums (indexes into `albums`) that hold each post, by the post's ID.
    private var albumsByPost: [ContentID: [Int]] = [:]
    /// Each owner's albums (indexes into `albums`), by username.
    private var albumsByOwner: [String: [Int]] = [:]
    /// The captions' hashtags (set once the captions are read, after linking).
    public package(set) var tags = TagIndex.empty

    package init(
        settings: SiteSettings, users: [User], posts: RecordList<Post>, postAuthor: [Int], postsByUser: [[Int]],
        following: [[Int]], followers: [[Int]]
    ) {
        self.settings = settings
        self.users = users
        self.posts = posts
        self.postAuthor = postAuthor
        self.postsByUser = postsByUser
        self.following = following
        self.followers = followers
        (userIndexByName, userIndexByFoldedName) = Self.userIndexes(of: users)
    }

    /// Each user's index by username, and by its case-folded form.
    package static func userIndexes(of users: [User]) -> (exact: [String: Int], folded: [String: Int]) {
        var exact: [String: Int] = [:]
        var folded: [String: Int] = [:]
        for (index, user) in users.enumerated() {
            exact[user.username] = index
            folded[Username.caseFolded(user.username)] = index
        }
        return (exact, folded)
    }

    /// Replaces a post by an edited version of it (same ID and author, so every index holds).
    package mutating func replacePost(at index: Int, with post: Post) {
        posts.replace(at: index, with: post)
    }

    /// Puts a post newer than every other first, by the user at `author`: every other post's
    /// index moves one up, in every list of post indexes. Its hashtags are not yet in `tags`
    /// (`TagIndexEdit` puts them there).
    package mutating func insertNewest(_ post: Post, author: Int) {
        posts.insert(post, at: 0)
        postAuthor.insert(author, at: 0)
        for user in postsByUser.indices {
            postsByUser[user] = postsByUser[user].map { $0 + 1 }
        }
        postsByUser[author].insert(0, at: 0)
        tags = tags.afterInsertingNewestPost()
    }

    /// Removes the post at `index`, which `tags` no longer lists (`TagIndexEdit` took it out):
    /// every later post's index moves one down, in every list of post indexes.
    package mutating func removePost(at index: Int) {
        let author = postAuthor[index]
        posts.remove(at: index)
        postAuthor.remove(at: index)
        postsByUser[author].removeAll { $0 == index }
        for user in postsByUser.indices {
            postsByUser[user] = postsByUser[user].map { $0 > index ? $0 - 1 : $0 }
        }
        tags = tags.afterRemovingPost(at: index)
    }

    /// Where a user named `username` goes among the users (by username, ignoring case), whose
    /// folded username no user has.
    package func userInsertionIndex(for username: String) -> Int {
        let folded = Array(Username.caseFolded(username).utf8)
        var low = 0
        var high = users.count
        while low < high {
            let middle = (low + high) / 2
            if Username.caseFolded(users[middle].username).utf8.lexicographicallyPrecedes(folded) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Puts a new user, who follows no one yet and whom no one follows, at `index`
    /// (`userInsertionIndex`): every later user's index moves one up, in every list of user
    /// indexes.
    package mutating func insertUser(_ user: User, at index: Int) {
        func moved(_ users: [Int]) -> [Int] { users.map { $0 >= index ? $0 + 1 : $0 } }
        users.insert(user, at: index)
        postAuthor = moved(postAuthor)
        postsByUser.insert([], at: index)
        following = following.map(moved)
        following.insert([], at: index)
        followers = followers.map(moved)
        followers.insert([], at: index)
        (userIndexByName, userIndexByFoldedName) = Self.userIndexes(of: users)
    }

    /// Takes out the user at `index`, who has no posts, follows no one and whom no one
    /// follows (an edit made them so): every later user's index moves one down, in every list
    /// of user indexes; `insertUser` undone.
    package mutating func removeUser(at index: Int) {
        func moved(_ users: [Int]) -> [Int] { users.map { $0 > index ? $0 - 1 : $0 } }
        users.remove(at: index)
        postAuthor = moved(postAuthor)
        postsByUser.remove(at: index)
        following.remove(at: index)
        following = following.map(moved)
        followers.remove(at: index)
        followers = followers.map(moved)
        (userIndexByName, userIndexByFoldedName) = Self.userIndexes(of: users)
    }

    /// Moves the user at `move.from` to `move.to` as `user`, another username for them (a
    /// renamed user keeps their posts, follows and followers): every user between moves one
    /// place toward their old index, in every list of user indexes.
    package mutating func moveUser(_ move: IndexMove, as user: User) {
        func moved(_ users: [Int]) -> [Int] { users.map { move($0) }.sorted() }
        users = move.applied(to: users)
        users[move.to] = user
        postAuthor = postAuthor.map { move($0) }
        postsByUser = move.applied(to: postsByUser)
        following = move.applied(to: following).map(moved)
        followers = move.applied(to: followers).map(moved)
        (userIndexByName, userIndexByFoldedName) = Self.userIndexes(of: users)
    }

    /// Replaces a user by an edited version of them (same username, so every index holds) who
    /// now follows `newFollowing` (user indexes, ascending), and their followees' followers.
    package mutating func replaceUser(at index: Int, with user: User, following newFollowing: [Int]) {
        users[index] = user
        let before = Set(following[index])
        let after = Set(newFollowing)
        for gone in before.subtracting(after) { followers[gone].removeAll { $0 == index } }
        for added in after.subtracting(before) {
            followers[added].insert(index, at: followers[added].firstIndex { $0 > index } ?? followers[added].endIndex)
        }
        following[index] = newFollowing
    }

    /// The ID of the post at `index`, without decoding the rest of a post read from the site
    /// index.
    package func postID(at index: Int) -> ContentID {
        // `leadingField` is generic over the coded type and not specialized here: a list held
        // in memory (every whole pass) is read directly.
        posts.isStored ? posts.leadingField(at: index) { $0.id } : posts.withRecord(at: index) { $0.pointee.id }
    }

    /// The index of the post with this ID, found by halves in the posts' order (newest first,
    /// by ID), so that a site whose posts are read one at a time reads only a few of them.
    package func postIndex(of id: ContentID) -> Int? {
        var low = 0
        var high = posts.count
        while low < high {
            let middle = (low + high) / 2
            if postID(at: middle) > id { low = middle + 1 } else { high = middle }
        }
        return low < posts.count && postID(at: low) == id ? low : nil
    }

    /// Sets the albums (linked, in their order) and what finds them.
    package mutating func setAlbums(_ albums: [Album]) {
        self.albums = albums
        albumsByPost = [:]
        albumsByOwner = [:]
        for (index, album) in albums.enumerated() {
            albumsByOwner[album.owner.username, default: []].append(index)
            for post in album.posts { albumsByPost[post.id, default: []].append(index) }
        }
    }

    /// The albums (indexes into `albums`) that hold the post with this ID, in album order.
    package func albums(holding id: ContentID) -> [Int] {
        albumsByPost[id] ?? []
    }

    /// The albums (indexes into `albums`) of the user with this username, by slug.
    package func albums(ofUserNamed username: String) -> [Int] {
        albumsByOwner[username] ?? []
    }

    /// The index of the album of the user named `owner` whose slug is `slug`.
    package func albumIndex(owner: String, slug: String) -> Int? {
        albumsByOwner[owner]?.first { albums[$0].slug == slug }
    }

    /// The posts of the album at `index`, as indexes into `posts`, in the album's order.
    package func postIndexes(ofAlbum index: Int) -> [Int] {
        albums[index].posts.compactMap { postIndex(of: $0.id) }
    }

    /// The post that stands for the album at `index`: its cover, else its newest post (the
    /// greatest ID).
    package func coverIndex(ofAlbum index: Int) -> Int? {
        (albums[index].cover?.id ?? albums[index].posts.lazy.map(\.id).max()).flatMap(postIndex(of:))
    }

    /// Resolves exact usernames only: what an edit of a linked site may name.
    package var exactResolver: UserResolver {
        UserResolver(users: users, exact: userIndexByName, folded: [:], unreadable: [])
    }

    /// The index of the user with this username, in any case (`@HanSolo` for `hansolo`).
    package func userIndex(foldedName username: String) -> Int? {
        userIndexByName[username] ?? userIndexByFoldedName[Username.caseFolded(username)]
    }

    /// The index of the user with exactly this username.
    public func userIndex(named username: String) -> Int? {
        userIndexByName[username]
    }
}
