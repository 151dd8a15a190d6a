import TimelineContent
import TimelineModel
import TimelineTemplates

/// What every page template receives besides its own values.
package struct CommonValues: Sendable {
    package let site: SiteValues
    package let page: PageValues
    let stylesheetURL: String
    let stylesheets: [StylesheetValues]
}

/// The root of a page template's values: the common ones, then the page's own.
protocol PageTemplateContext: TemplateContext {
    var common: CommonValues { get }
}

extension PageTemplateContext {
    static func commonFields() -> [TemplateField<Self>] {
        [
            .object("site") { $0.common.site },
            .object("page") { $0.common.page },
            .text("stylesheetURL") { $0.common.stylesheetURL },
            .list("stylesheets") { $0.common.stylesheets },
        ]
    }
}

/// `home`: every post, a page at a time.
package final class HomePage: PageTemplateContext {
    let common: CommonValues
    package let list: PostListValues

    init(common: CommonValues, list: PostListValues) {
        self.common = common
        self.list = list
    }

    package static let templateFields = TemplateFieldList<HomePage>("home page", commonFields() + PostListValues.fields { $0.list })
}

/// `profile` and `feed`: a user's posts, or their timeline.
package final class UserPostsPage: PageTemplateContext {
    let common: CommonValues
    package let user: UserValues
    package let list: PostListValues
    /// On a profile's front page, the user's albums; else none.
    let albums: [AlbumValues]
    let albumsURL: String?

    init(common: CommonValues, user: UserValues, list: PostListValues, albums: [AlbumValues] = [], albumsURL: String? = nil) {
        self.common = common
        self.user = user
        self.list = list
        self.albums = albums
        self.albumsURL = albumsURL
    }

    package static let templateFields = TemplateFieldList<UserPostsPage>(
        "user's posts page",
        commonFields() + [.object("user") { $0.user }] + PostListValues.fields { $0.list } + [
            .list("albums") { $0.albums }, .bool("hasAlbums") { !$0.albums.isEmpty }, .optionalText("albumsURL") { $0.albumsURL },
        ])
}

/// `post`: one post.
package final class PostPage: PageTemplateContext {
    let common: CommonValues
    package let post: PostDetailValues

    init(common: CommonValues, post: PostDetailValues) {
        self.common = common
        self.post = post
    }

    package static let templateFields = TemplateFieldList<PostPage>("post page", commonFields() + [.object("post") { $0.post }])
}

/// `user-list`: everyone, or whom a user follows, or their followers.
package final class UserListPage: PageTemplateContext {
    let common: CommonValues
    let heading: String
    let owner: UserValues?
    package let users: UserRows
    let emptyMessage: String
    /// The name filter's texts, for the script.
    let filterMessagesJSON: String

    init(common: CommonValues, heading: String, owner: UserValues?, users: UserRows, emptyMessage: String, filterMessagesJSON: String) {
        self.common = common
        self.heading = heading
        self.owner = owner
        self.users = users
        self.emptyMessage = emptyMessage
        self.filterMessagesJSON = filterMessagesJSON
    }

    package static let templateFields = TemplateFieldList<UserListPage>(
        "user list page",
        commonFields() + [
            .text("heading") { $0.heading },
            .optionalObject("owner") { $0.owner },
            .lazy("users", .list(.object(UserValues.templateSchema))) { $0.users },
            .bool("hasUsers") { !$0.users.users.isEmpty },
            .text("emptyMessage") { $0.emptyMessage },
            .text("filterMessagesJSON") { $0.filterMessagesJSON },
        ])
}

/// `search`: the search page.
package final class SearchPage: PageTemplateContext {
    let common: CommonValues
    package let search: SearchValues

    init(common: CommonValues, search: SearchValues) {
        self.common = common
        self.search = search
    }

    package static let templateFields = TemplateFieldList<SearchPage>("search page", commonFields() + [.object("search") { $0.search }])
}

/// `search` on the search page.
package final class SearchValues: TemplateContext {
    let manifestURL: String
    /// The script's texts in the site's language (`Localizer.searchMessagesJSON`).
    let messagesJSON: String

    init(manifestURL: String, messagesJSON: String) {
        self.manifestURL = manifestURL
        self.messagesJSON = messagesJSON
    }

    package static let templateFields = TemplateFieldList<SearchValues>(
        "search", [.text("manifestURL") { $0.manifestURL }, .text("messagesJSON") { $0.messagesJSON }])
}

/// `404`.
package final class NotFoundPage: PageTemplateContext {
    let common: CommonValues

    init(common: CommonValues) {
        self.common = common
    }

    package static let templateFields = TemplateFieldList<NotFoundPage>("404 page", commonFields())
}

/// One page of a list of posts: its cards (made only if the page is rendered), whether it has
/// any, and its pagination.
package final class PostListValues: Sendable {
    package let cards: CardPage
    let pagination: PaginationValues

    init(cards: CardPage, pagination: PaginationValues) {
        self.cards = cards
        self.pagination = pagination
    }

    static func fields<Root>(_ read: @escaping @Sendable (Root) -> PostListValues) -> [TemplateField<Root>] {
        [
            .lazy("posts", .list(.object(CardValues.templateSchema))) { read($0).cards },
            .bool("hasPosts") { !read($0).cards.posts.isEmpty },
            .object("pagination") { read($0).pagination },
        ]
    }
}

/// Which root type each page template receives: the schema a theme is compiled against.
package enum PageTemplateTypes {
    static let roots: [String: TemplateType] = [
        "home": .object(HomePage.templateSchema),
        "profile": .object(UserPostsPage.templateSchema),
        "feed": .object(UserPostsPage.templateSchema),
        "post": .object(PostPage.templateSchema),
        "user-list": .object(UserListPage.templateSchema),
        "search": .object(SearchPage.templateSchema),
        "404": .object(NotFoundPage.templateSchema),
        "tag": .object(TagPage.templateSchema),
        "tags": .object(TagsPage.templateSchema),
        "album": .object(AlbumPage.templateSchema),
        "albums": .object(AlbumsPage.templateSchema),
    ]
}
