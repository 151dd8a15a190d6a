/// The render stage for one page: picks its template and builds its context.
struct PageRenderer: Sendable {
    let contexts: PageContexts
    let theme: Theme
    /// The search index's manifest, which the search page names.
    let searchManifestURL: String
    /// Post cards and user rows, each rendered once for every page that lists it.
    let fragments: ReusedFragments

    init(contexts: PageContexts, theme: Theme, searchManifestURL: String) {
        self.contexts = contexts
        self.theme = theme
        self.searchManifestURL = searchManifestURL
        fragments = ReusedFragments(contexts: contexts, theme: theme)
    }

    struct RenderedPage: Sendable {
        let outputFile: String
        let html: String
    }

    struct MissingTemplate: Error {
        let name: String
    }

    /// A page ready to render: where it goes, its template and its context.
    struct PreparedPage: Sendable {
        let outputFile: String
        let template: String
        let context: TemplateObject
    }

    func render(_ page: Page) throws(MissingTemplate) -> RenderedPage {
        let prepared = prepare(page)
        return RenderedPage(outputFile: prepared.outputFile, html: try render(prepared))
    }

    func prepare(_ page: Page) -> PreparedPage {
        let location = page.location(in: site, paths: paths)
        let (template, context) = describe(page, at: location)
        return PreparedPage(
            outputFile: location?.outputFile ?? SitePaths.notFoundFile, template: template, context: contexts.sharing.decorate(context, for: page))
    }

    /// A page is a function of its template (with the partials it reaches) and its context.
    func fingerprint(_ prepared: PreparedPage) -> Digest {
        var hasher = StableHasher()
        hasher.combine(prepared.template)
        hasher.combine(theme.dependencies.digests[prepared.template] ?? .zero)
        hasher.combine(prepared.context.digest)
        return hasher.finalize()
    }

    func render(_ prepared: PreparedPage) throws(MissingTemplate) -> String {
        guard let html = theme.render(prepared.template, prepared.context) else { throw MissingTemplate(name: prepared.template) }
        return html
    }

    private var site: LinkedSite { contexts.site }
    private var paths: SitePaths { contexts.paths }

    /// The template and context of a page published at `location` (nil for the 404 page).
    private func describe(_ page: Page, at location: SitePaths.Location?) -> (template: String, context: TemplateObject) {
        switch page {
        case .home(let number):
            let list = postList(site.posts.indices, page: number) { paths.home(page: $0) }
            let title = number > 1 ? "Page \(number)" : nil
            return ("home", list.applied(to: contexts.root(title: title, description: nil, location: location, kind: "home")))

        case .profile(let user, let number):
            let username = site.users[user].username
            let list = postList(site.postsByUser[user], page: number) { paths.profile(username, page: $0) }
            let summary = contexts.userSummaries[user]
            let title = number > 1 ? "\(username) · page \(number)" : username
            let description = contexts.bioText[user] ?? "Photos by \(username)"
            return ("profile", list.applied(to: contexts.root(title: title, description: description, location: location, kind: "profile")).merging(["user": summary]))

        case .feed(let user, let number):
            let username = site.users[user].username
            let list = postList(contexts.timelines.feeds[user], page: number) { paths.feed(username, page: $0) }
            let title = number > 1 ? "\(username)'s timeline · page \(number)" : "\(username)'s timeline"
            let description = "Photos by \(username) and the people they follow"
            return ("feed", list.applied(to: contexts.root(title: title, description: description, location: location, kind: "feed")).merging(["user": contexts.userSummaries[user]]))

        case .following(let user):
            let username = site.users[user].username
            return userList(site.following[user], location: location, kind: "following", title: "Followed by \(username)", owner: user, empty: "\(username) does not follow anyone yet.")

        case .followers(let user):
            let username = site.users[user].username
            return userList(site.followers[user], location: location, kind: "followers", title: "Followers of \(username)", owner: user, empty: "Nobody follows \(username) yet.")

        case .users:
            return userList(Array(site.users.indices), location: location, kind: "users", title: "Everyone", owner: nil, empty: "There are no users yet.")

        case .post(let index):
            let post = site.posts[index]
            let author = site.users[site.postAuthor[index]]
            let title = "Photo by \(author.username)"
            let description = contexts.captionText[index] ?? post.alt ?? title
            return ("post", contexts.root(title: title, description: description, location: location, kind: "post").merging(["post": postDetail(index)]))

        case .search:
            let context = contexts.root(title: "Search", description: "Find photos by the words of their captions and comments, and people by name", location: location, kind: "search")
            return ("search", context.merging(["search": TemplateObject(["manifestURL": searchManifestURL])]))

        case .notFound:
            return ("404", contexts.root(title: "Page not found", description: nil, location: nil, kind: "notFound"))
        }
    }

    /// The values of one page of a list of posts.
    private struct PostListValues {
        let fields: [String: (any Sendable)?]
        let cards: CardPage

        func applied(to object: TemplateObject) -> TemplateObject {
            object.merging(fields).merging(deferred: ["posts": cards])
        }
    }

    /// One page of a list of post indexes (the whole site's range, a profile's or a timeline's
    /// list), without copying the list. Its cards are made only if the page is rendered.
    private func postList(
        _ posts: some RandomAccessCollection<Int>, page: Int, location: @escaping (Int) -> SitePaths.Location
    ) -> PostListValues {
        let pagination = Pagination(itemCount: posts.count, pageSize: site.settings.pageSize)
        let range = pagination.range(ofPage: page)
        let shown = range.map { posts[posts.index(posts.startIndex, offsetBy: $0)] }
        return PostListValues(
            fields: ["hasPosts": !shown.isEmpty, "pagination": contexts.pagination(pagination, page: page, location: location)],
            cards: CardPage(fragments: fragments, posts: shown))
    }

    private func userList(
        _ users: [Int], location: SitePaths.Location?, kind: String, title: String, owner: Int?, empty: String
    ) -> (template: String, context: TemplateObject) {
        let context = contexts.root(title: title, description: nil, location: location, kind: kind).merging([
            "heading": title,
            "owner": owner.map { contexts.userSummaries[$0] },
            "hasUsers": !users.isEmpty,
            "emptyMessage": empty,
        ]).merging(deferred: ["users": UserRows(fragments: fragments, users: users)])
        return ("user-list", context)
    }

    private func postDetail(_ index: Int) -> TemplateObject {
        let post = site.posts[index]
        let authorIndex = site.postAuthor[index]
        let authorPosts = site.postsByUser[authorIndex]
        // The author's list is newest first: the neighbour before is newer, the one after older.
        let position = Self.binarySearch(authorPosts, for: index)
        let newer = position.flatMap { $0 > 0 ? authorPosts[$0 - 1] : nil }
        let older = position.flatMap { $0 + 1 < authorPosts.count ? authorPosts[$0 + 1] : nil }
        let comments = post.comments.map { comment in
            TemplateObject([
                "id": comment.id.rawValue,
                "anchor": "comment-\(comment.id.rawValue)",
                "author": site.userIndex(named: comment.author.username).map { contexts.userSummaries[$0] },
                "date": contexts.dateObject(comment.date),
            ], deferred: ["textHTML": MarkdownHTML(source: comment.text)])
        }
        var seenLikers = Set<Int>()
        let likers = post.likes.compactMap { like -> TemplateObject? in
            guard let liker = site.userIndex(named: like.author.username), seenLikers.insert(liker).inserted else { return nil }
            return contexts.userSummaries[liker]
        }
        return contexts.card(index, position: 0).merging([
            "comments": comments,
            "hasComments": !comments.isEmpty,
            "likers": likers,
            "hasLikes": !post.likes.isEmpty,
            "newerPost": newer.map { neighbour($0) },
            "olderPost": older.map { neighbour($0) },
        ]).merging(contexts.sharing.postValues(index))
    }

    /// Where `value` stands in an ascending list.
    static func binarySearch(_ list: [Int], for value: Int) -> Int? {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low] == value ? low : nil
    }

    private func neighbour(_ index: Int) -> TemplateObject {
        let post = site.posts[index]
        return TemplateObject([
            "url": paths.url(paths.post(post.id)),
            "photo": contexts.photo(ofPost: index, eager: false),
            "date": contexts.dateObject(post.date),
        ])
    }
}
