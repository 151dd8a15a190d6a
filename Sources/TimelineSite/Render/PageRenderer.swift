import TimelineContent
import TimelineModel
import TimelineTemplates

/// The render stage for one page: picks its template and builds its values.
package struct PageRenderer: Sendable {
    package let contexts: PageContexts
    package let theme: Theme
    /// The search index's manifest, which the search page names.
    package let searchManifestURL: String
    /// Cards and user rows rendered once for every page that lists them, while this renderer
    /// lives (the render stage). Only partials the compiler proves read nothing but their item
    /// are kept, so a page is the same bytes as with every one rendered in place.
    package let fragments = TemplateFragments()

    package init(contexts: PageContexts, theme: Theme, searchManifestURL: String) {
        self.contexts = contexts
        self.theme = theme
        self.searchManifestURL = searchManifestURL
    }

    package struct MissingTemplate: Error {
        package let name: String
    }

    /// A page ready to render: where it goes, its template and its values.
    package struct PreparedPage: Sendable {
        let outputFile: String
        /// Its folder as a URL path; nil for the 404 page, which a host shows at any address,
        /// so its links stay root-relative even when `relativeURLs` is on.
        let urlFolder: String?
        package let template: String
        package let context: TemplateValue
    }

    package func prepare(_ page: Page) -> PreparedPage {
        let location = page.location(in: site, paths: paths)
        let (template, context) = describe(page, at: location)
        return PreparedPage(outputFile: location?.outputFile ?? SitePaths.notFoundFile, urlFolder: location?.urlFolder, template: template, context: context)
    }

    /// What a page shows of the values pages share besides what its template reads of them:
    /// its title, description, share tags and feed links are made from its user's name, bio and
    /// avatar (or, without one, their newest post's photo), its post's caption and photo, its
    /// tag's name.
    /// As key and mask pairs (`TemplateReadLog.pairs`).
    package func ownReads(of page: Page) -> [UInt64] {
        switch page {
        case .profile(let user, _):
            [ValueKey.user(username: site.users[user].username).recorded, OwnReads.profileFields]
                // Without an avatar, the profile's share image is their newest post's photo.
                + (contexts.sharing.photos.postShown(asPictureOf: user).map { [ValueKey.card(post: site.postID(at: $0)).recorded, OwnReads.photoField] } ?? [])
        case .feed(let user, _), .following(let user), .followers(let user):
            [ValueKey.user(username: site.users[user].username).recorded, OwnReads.nameFields]
        case .post(let index):
            [
                ValueKey.user(username: site.users[site.postAuthor[index]].username).recorded, OwnReads.nameFields,
                ValueKey.card(post: site.postID(at: index)).recorded, OwnReads.postFields,
            ]
        case .tag(let index, _):
            [ValueKey.tag(key: site.tags.tags[index].key).recorded, OwnReads.tagFields]
        case .album(let index, _):
            // Its share image is its cover's photo.
            [ValueKey.user(username: site.albums[index].owner.username).recorded, OwnReads.nameFields]
                + (site.coverIndex(ofAlbum: index).map { [ValueKey.card(post: site.postID(at: $0)).recorded, OwnReads.photoField] } ?? [])
        case .albums(let user):
            [ValueKey.user(username: site.users[user].username).recorded, OwnReads.nameFields]
        case .home, .users, .search, .notFound, .tags:
            []
        }
    }

    /// The fields behind a page's own values, as masks of slots.
    private enum OwnReads {
        static let nameFields = mask(of: ["displayName"], in: UserValues.templateSchema)
        static let profileFields = mask(of: ["displayName", "bioHTML", "avatar"], in: UserValues.templateSchema)
        static let postFields = mask(of: ["captionText", "photo"], in: CardValues.templateSchema)
        static let photoField = mask(of: ["photo"], in: CardValues.templateSchema)
        static let tagFields = mask(of: ["name"], in: TagValues.templateSchema)

        static func mask(of names: [String], in schema: TemplateSchema) -> UInt64 {
            names.reduce(0) { mask, name in mask | (schema.slot(named: name).map { 1 << UInt64(min($0, 63)) } ?? .max) }
        }
    }

    /// A page is a function of its template (with the partials it reaches) and its values.
    package func fingerprint(_ prepared: PreparedPage) -> Digest {
        var hasher = StableHasher()
        hasher.combine(prepared.template)
        hasher.combine(theme.dependencies.digests[prepared.template] ?? .zero)
        hasher.combine(paths.relativeLinks != nil)
        ContextFingerprint.combine(prepared.context, reads: theme.templates.reads(ofEntry: prepared.template), into: &hasher)
        return hasher.finalize()
    }

    /// The page's bytes; `log` records what it read of the values pages share.
    package func render(_ prepared: PreparedPage, log: TemplateReadLog? = nil) throws(MissingTemplate) -> [UInt8] {
        guard let html = theme.render(prepared.template, prepared.context, fragments: fragments, log: log) else {
            throw MissingTemplate(name: prepared.template)
        }
        guard let relativeLinks = paths.relativeLinks, let folder = prepared.urlFolder else { return html }
        return relativeLinks.rewrite(html, pageFolder: folder)
    }

    private var site: LinkedSite { contexts.site }
    private var paths: SitePaths { contexts.paths }

    /// The template and values of a page published at `location` (nil for the 404 page).
    private func describe(_ page: Page, at location: SitePaths.Location?) -> (template: String, context: TemplateValue) {
        let text = contexts.localizer
        switch page {
        case .home(let number):
            let list = postList(site.posts.indices, page: number) { paths.home(page: $0) }
            let title = number != Pagination.front ? text.text(.homePageTitle, ["number": text.number(number)]) : nil
            let common = contexts.common(title: title, description: nil, location: location, kind: "home", for: page)
            return (page.template, HomePage(common: common, list: list).templateValue)

        case .profile(let user, let number):
            let name = site.users[user].displayName
            let list = postList(site.postsByUser[user], page: number) { paths.profile(site.users[user].username, page: $0) }
            let title = number != Pagination.front ? text.text(.profilePageTitle, ["name": name, "number": text.number(number)]) : name
            let description = contexts.bioText[user] ?? text.text(.profileDescription, ["name": name])
            let common = contexts.common(title: title, description: description, location: location, kind: "profile", for: page)
            let albums = number == Pagination.front ? site.albums(ofUserNamed: site.users[user].username).map(contexts.albumValues) : []
            let values = UserPostsPage(
                common: common, user: contexts.userSummaries[user], list: list, albums: albums,
                albumsURL: albums.isEmpty ? nil : paths.url(paths.albums(site.users[user].username)))
            return (page.template, values.templateValue)

        case .feed(let user, let number):
            let name = site.users[user].displayName
            let list = postList(contexts.timelines.feeds[user], paging: contexts.timelines.paging(of: user), page: number) {
                paths.feed(site.users[user].username, page: $0)
            }
            let title =
                number != Pagination.front
                ? text.text(.timelinePageTitle, ["name": name, "number": text.number(number)]) : text.text(.timelineTitle, ["name": name])
            let description = text.text(.timelineDescription, ["name": name])
            let common = contexts.common(title: title, description: description, location: location, kind: "feed", for: page)
            return (page.template, UserPostsPage(common: common, user: contexts.userSummaries[user], list: list).templateValue)

        case .following(let user):
            let name = site.users[user].displayName
            return userList(
                site.following[user], page: page, location: location, kind: "following", title: text.text(.followingTitle, ["name": name]),
                owner: user, empty: text.text(.followingEmpty, ["name": name]))

        case .followers(let user):
            let name = site.users[user].displayName
            return userList(
                site.followers[user], page: page, location: location, kind: "followers", title: text.text(.followersTitle, ["name": name]),
                owner: user, empty: text.text(.followersEmpty, ["name": name]))

        case .users:
            return userList(
                Array(site.users.indices), page: page, location: location, kind: "users", title: text.text(.usersTitle), owner: nil,
                empty: text.text(.usersEmpty))

        case .post(let index):
            let (kind, firstAlt) = site.posts.withRecord(at: index) { (GeneratedText.title(opening: $0.pointee.firstPhoto), $0.pointee.firstPhoto.alt) }
            let title = text.text(kind, ["name": site.users[site.postAuthor[index]].displayName])
            let description = contexts.captionText(ofPost: index) ?? firstAlt ?? title
            let common = contexts.common(title: title, description: description, location: location, kind: "post", for: page)
            return (page.template, PostPage(common: common, post: postDetail(index)).templateValue)

        case .search:
            let common = contexts.common(
                title: text.text(.searchTitle), description: text.text(.searchDescription), location: location, kind: "search", for: page)
            let values = SearchValues(manifestURL: searchManifestURL, messagesJSON: text.searchMessagesJSON)
            return (page.template, SearchPage(common: common, search: values).templateValue)

        case .tag(let index, let number):
            let tag = site.tags.tags[index]
            let list = postList(tag.posts, page: number) { paths.tag(tag.key, page: $0) }
            let title =
                number != Pagination.front
                ? text.text(.tagPageTitle, ["name": tag.spelling, "number": text.number(number)]) : text.text(.tagTitle, ["name": tag.spelling])
            let common = contexts.common(
                title: title, description: text.text(.tagDescription, ["name": tag.spelling]), location: location, kind: "tag", for: page)
            return (page.template, TagPage(common: common, tag: contexts.tagValues(index), list: list).templateValue)

        case .tags:
            let common = contexts.common(title: text.text(.tagsTitle), description: nil, location: location, kind: "tags", for: page)
            let tags = site.tags.tags.indices.map(contexts.tagValues)
            return (page.template, TagsPage(common: common, tags: tags, filterMessagesJSON: text.filterMessagesJSON).templateValue)

        case .album(let index, let number):
            let album = site.albums[index]
            let owner = site.userIndex(named: album.owner.username) ?? 0
            let list = postList(site.postIndexes(ofAlbum: index), page: number) { paths.album(album.owner.username, slug: album.slug, page: $0) }
            let title = number != Pagination.front ? text.text(.albumPageTitle, ["name": album.title, "number": text.number(number)]) : album.title
            let description = album.description.map { Markdown.plainText($0) } ?? text.text(.albumDescription, ["name": site.users[owner].displayName])
            let common = contexts.common(title: title, description: description, location: location, kind: "album", for: page)
            return (
                page.template,
                AlbumPage(
                    common: common, user: contexts.userSummaries[owner], album: contexts.albumValues(index),
                    albumsURL: paths.url(paths.albums(album.owner.username)), list: list
                ).templateValue
            )

        case .albums(let user):
            let title = text.text(.albumsTitle, ["name": site.users[user].displayName])
            let common = contexts.common(title: title, description: nil, location: location, kind: "albums", for: page)
            let albums = site.albums(ofUserNamed: site.users[user].username).map(contexts.albumValues)
            return (page.template, AlbumsPage(common: common, user: contexts.userSummaries[user], albums: albums).templateValue)

        case .notFound:
            let common = contexts.common(title: text.text(.notFoundTitle), description: nil, location: nil, kind: "notFound", for: page)
            return (page.template, NotFoundPage(common: common).templateValue)
        }
    }

    /// One page of a list of post indexes (the whole site's range, a profile's or a timeline's
    /// list), without copying the list. Its cards are made only if the page is rendered.
    /// `paging` is the list's pages when they are not all pages of `posts` (a timeline's).
    private func postList(
        _ posts: some RandomAccessCollection<Int>, paging: Pagination? = nil, page: Int, location: @escaping (Int) -> SitePaths.Location
    ) -> PostListValues {
        let pagination = paging ?? Pagination(itemCount: posts.count, pageSize: site.settings.pageSize)
        let range = pagination.range(ofPage: page).clamped(to: 0..<posts.count)
        let shown = range.map { posts[posts.index(posts.startIndex, offsetBy: $0)] }
        return PostListValues(cards: CardPage(contexts: contexts, posts: shown), pagination: contexts.pagination(pagination, page: page, location: location))
    }

    private func userList(
        _ users: [Int], page: Page, location: SitePaths.Location?, kind: String, title: String, owner: Int?, empty: String
    ) -> (template: String, context: TemplateValue) {
        let common = contexts.common(title: title, description: nil, location: location, kind: kind, for: page)
        let values = UserListPage(
            common: common, heading: title, owner: owner.map { contexts.userSummaries[$0] }, users: UserRows(contexts: contexts, users: users),
            emptyMessage: empty, filterMessagesJSON: contexts.localizer.filterMessagesJSON)
        return (page.template, values.templateValue)
    }

    private func postDetail(_ index: Int) -> PostDetailValues {
        // Only the lists read, not a copy of the whole post.
        let (postComments, postLikes) = site.posts.withRecord(at: index) { ($0.pointee.comments, $0.pointee.likes) }
        let authorIndex = site.postAuthor[index]
        let authorPosts = site.postsByUser[authorIndex]
        // The author's list is newest first: the neighbour before is newer, the one after older.
        let position = Self.binarySearch(authorPosts, for: index)
        let newer = position.flatMap { $0 > 0 ? authorPosts[$0 - 1] : nil }
        let older = position.flatMap { $0 + 1 < authorPosts.count ? authorPosts[$0 + 1] : nil }
        let comments = postComments.map { comment in
            CommentValues(
                id: comment.id.rawValue, author: site.userIndex(named: comment.author.username).map { contexts.userSummaries[$0] },
                date: comment.date.map { DateValues(milliseconds: $0, localizer: contexts.localizer) }, text: comment.text)
        }
        var seenLikers = Set<Int>()
        let likers = postLikes.compactMap { like -> UserValues? in
            guard let liker = site.userIndex(named: like.author.username), seenLikers.insert(liker).inserted else { return nil }
            return contexts.userSummaries[liker]
        }
        return PostDetailValues(
            card: contexts.card(index, position: 0), photos: contexts.slides(ofPost: index), comments: comments, likers: likers, hasLikes: !postLikes.isEmpty,
            newerPost: newer.map { neighbour($0) }, olderPost: older.map { neighbour($0) },
            commentsAtomURL: contexts.sharing.url(of: .comments(post: index)), camera: contexts.camera(ofPost: index),
            albums: site.albums(holding: site.postID(at: index)).map(contexts.albumValues))
    }

    /// Where `value` stands in an ascending list.
    package static func binarySearch(_ list: [Int], for value: Int) -> Int? {
        let position = SortedSearch.count(below: value, in: list)
        return position < list.count && list[position] == value ? position : nil
    }

    private func neighbour(_ index: Int) -> NeighbourValues {
        let id = site.posts.withRecord(at: index) { $0.pointee.id }
        return NeighbourValues(url: paths.url(paths.post(id)), photo: contexts.photo(ofPost: index, eager: false), date: contexts.date(ofPost: index))
    }
}
