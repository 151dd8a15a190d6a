import TimelineContent
import TimelineModel
import TimelineTemplates

/// `page`: what a page says about itself, its feeds and its share tags.
package final class PageValues: TemplateContext {
    let title: String
    let heading: String?
    package let description: String?
    package let url: String?
    let canonicalURL: String?
    package let kind: String
    package let feeds: [FeedLink]
    package let share: ShareValues

    /// `page.isHome`, `page.isProfile`, …: true for the page's kind, else absent.
    init(title: String, heading: String?, description: String?, url: String?, canonicalURL: String?, kind: String, feeds: [FeedLink], share: ShareValues) {
        self.title = title
        self.heading = heading
        self.description = description
        self.url = url
        self.canonicalURL = canonicalURL
        self.kind = kind
        self.feeds = feeds
        self.share = share
    }

    static let kinds = ["home", "profile", "feed", "post", "users", "following", "followers", "search", "notFound", "tag", "tags", "album", "albums"]

    package static let templateFields = TemplateFieldList<PageValues>(
        "page",
        [
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
package final class FeedLink: TemplateContext {
    let title: String
    package let url: String?

    init(title: String, url: String?) {
        self.title = title
        self.url = url
    }

    package static let templateFields = TemplateFieldList<FeedLink>(
        "feed link",
        [
            .text("title") { $0.title },
            .optionalText("url") { $0.url },
        ])
}

/// `page.share`: the values of the Open Graph and Twitter card tags.
package final class ShareValues: TemplateContext {
    let type: String
    let twitterCard: String
    package let image: ShareImage?
    /// The post's first video, for `og:video`.
    let video: ShareImage?
    package let author: String?
    let publishedTime: String?
    package let username: String?

    init(
        type: String, twitterCard: String, image: ShareImage? = nil, video: ShareImage? = nil, author: String? = nil, publishedTime: String? = nil,
        username: String? = nil
    ) {
        self.type = type
        self.twitterCard = twitterCard
        self.image = image
        self.video = video
        self.author = author
        self.publishedTime = publishedTime
        self.username = username
    }

    package static let templateFields = TemplateFieldList<ShareValues>(
        "share",
        [
            .text("type") { $0.type },
            .text("twitterCard") { $0.twitterCard },
            .optionalObject("image") { $0.image },
            .optionalObject("video") { $0.video },
            .optionalText("author") { $0.author },
            .optionalText("publishedTime") { $0.publishedTime },
            .optionalText("username") { $0.username },
        ])
}

/// `page.share.image`.
package final class ShareImage: TemplateContext {
    package let url: String
    let width: Int
    let height: Int
    let type: String
    package let alt: String?

    init(url: String, width: Int, height: Int, type: String, alt: String?) {
        self.url = url
        self.width = width
        self.height = height
        self.type = type
        self.alt = alt
    }

    package static let templateFields = TemplateFieldList<ShareImage>(
        "share image",
        [
            .text("url") { $0.url },
            .number("width") { $0.width },
            .number("height") { $0.height },
            .text("type") { $0.type },
            .optionalText("alt") { $0.alt },
        ])
}
