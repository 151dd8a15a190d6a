import TimelineTemplates

/// `page`: what a page says about itself, its feeds and its share tags.
struct PageValues: TemplateContext {
    let title: String
    let heading: String?
    let description: String?
    let url: String?
    let canonicalURL: String?
    let kind: String
    let feeds: [FeedLink]
    let share: ShareValues

    /// `page.isHome`, `page.isProfile`, …: true for the page's kind, else absent.
    static let kinds = ["home", "profile", "feed", "post", "users", "following", "followers", "search", "notFound"]

    static let templateFields = TemplateFieldList<Self>("page", [
        .text("title") { $0.title },
        .optionalText("heading") { $0.heading },
        .optionalText("description") { $0.description },
        .optionalText("url") { $0.url },
        .optionalText("canonicalURL") { $0.canonicalURL },
        .text("kind") { $0.kind },
        .list("feeds") { $0.feeds },
        .object("share") { $0.share },
    ] + kinds.map { kind in .optionalBool("is" + kind.prefix(1).uppercased() + kind.dropFirst()) { $0.kind == kind ? true : nil } })
}

/// An item of `page.feeds`.
struct FeedLink: TemplateContext {
    let title: String
    let url: String?

    static let templateFields = TemplateFieldList<Self>("feed link", [
        .text("title") { $0.title },
        .optionalText("url") { $0.url },
    ])
}

/// `page.share`: the values of the Open Graph and Twitter card tags.
struct ShareValues: TemplateContext {
    let type: String
    let twitterCard: String
    var image: ShareImage? = nil
    var author: String? = nil
    var publishedTime: String? = nil
    var username: String? = nil

    static let templateFields = TemplateFieldList<Self>("share", [
        .text("type") { $0.type },
        .text("twitterCard") { $0.twitterCard },
        .optionalObject("image") { $0.image },
        .optionalText("author") { $0.author },
        .optionalText("publishedTime") { $0.publishedTime },
        .optionalText("username") { $0.username },
    ])
}

/// `page.share.image`.
struct ShareImage: TemplateContext {
    let url: String
    let width: Int
    let height: Int
    let type: String
    let alt: String?

    static let templateFields = TemplateFieldList<Self>("share image", [
        .text("url") { $0.url },
        .number("width") { $0.width },
        .number("height") { $0.height },
        .text("type") { $0.type },
        .optionalText("alt") { $0.alt },
    ])
}
