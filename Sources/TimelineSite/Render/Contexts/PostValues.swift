import TimelineContent
import TimelineModel
import TimelineTemplates

/// A card (items of `posts`): what a timeline cell showed.
package final class CardValues: TemplateContext {
    package let id: String
    package let url: String
    package let photo: PhotoValues
    /// How many photos the post has (the card shows the first).
    package let photoCount: Int
    let photoCountLabel: String
    package let author: UserValues
    package let date: DateValues?
    let captionHTML: String?
    package let captionText: String?
    package let likeCount: Int
    package let commentCount: Int
    /// The counts as numbers written in the site's language, and as "3 likes".
    let likeCountText: String
    let commentCountText: String
    let likesLabel: String
    let commentsLabel: String
    let extra: TemplateValue
    /// Set for a post shown on several pages (on someone's timeline): its card partial is then
    /// rendered once per post and photo loading, and reused.
    package let fragmentKey: Int?
    package let readKey: UInt64?

    init(
        id: String, url: String, photo: PhotoValues, author: UserValues, date: DateValues?, captionHTML: String?, captionText: String?,
        photoCount: Int, likeCount: Int, commentCount: Int, localizer: Localizer, extra: TemplateValue, fragmentKey: Int?, readKey: UInt64
    ) {
        self.fragmentKey = fragmentKey
        self.readKey = readKey
        self.id = id
        self.url = url
        self.photo = photo
        self.photoCount = photoCount
        photoCountLabel = localizer.count(.photos, photoCount)
        self.author = author
        self.date = date
        self.captionHTML = captionHTML
        self.captionText = captionText
        self.likeCount = likeCount
        self.commentCount = commentCount
        likeCountText = localizer.number(likeCount)
        commentCountText = localizer.number(commentCount)
        likesLabel = localizer.count(.likes, likeCount)
        commentsLabel = localizer.count(.comments, commentCount)
        self.extra = extra
    }

    package static let templateFields = TemplateFieldList<CardValues>(
        "card",
        [
            .text("id") { $0.id },
            .text("url") { $0.url },
            .object("photo") { $0.photo },
            .number("photoCount") { $0.photoCount },
            .bool("hasSeveralPhotos") { $0.photoCount > 1 },
            .text("photoCountLabel") { $0.photoCountLabel },
            .object("author") { $0.author },
            .optionalObject("date") { $0.date },
            .optionalText("captionHTML") { $0.captionHTML },
            .optionalText("captionText") { $0.captionText },
            .number("likeCount") { $0.likeCount },
            .number("commentCount") { $0.commentCount },
            .text("likeCountText") { $0.likeCountText },
            .text("commentCountText") { $0.commentCountText },
            .text("likesLabel") { $0.likesLabel },
            .text("commentsLabel") { $0.commentsLabel },
            .value("extra", .any) { $0.extra },
        ])
}

/// `post` on a post page: its card, every photo, and its comments, likers and neighbours.
package final class PostDetailValues: TemplateContext {
    package let card: CardValues
    let photos: [SlideValues]
    package let comments: [CommentValues]
    let likers: [UserValues]
    let hasLikes: Bool
    let newerPost: NeighbourValues?
    let olderPost: NeighbourValues?
    let commentsAtomURL: String?
    let camera: CameraValues?
    /// The albums that hold the post.
    let albums: [AlbumValues]

    init(
        card: CardValues, photos: [SlideValues], comments: [CommentValues], likers: [UserValues], hasLikes: Bool, newerPost: NeighbourValues?,
        olderPost: NeighbourValues?,
        commentsAtomURL: String?, camera: CameraValues?, albums: [AlbumValues]
    ) {
        self.card = card
        self.photos = photos
        self.comments = comments
        self.likers = likers
        self.hasLikes = hasLikes
        self.newerPost = newerPost
        self.olderPost = olderPost
        self.commentsAtomURL = commentsAtomURL
        self.camera = camera
        self.albums = albums
    }

    package static let templateFields = TemplateFieldList<PostDetailValues>(
        "post",
        CardValues.templateFields.fields.map { $0.lifted { $0.card } } + [
            .list("photos") { $0.photos },
            .bool("hasCameraDetails") { $0.photos.contains { $0.camera != nil } },
            .list("comments") { $0.comments },
            .bool("hasComments") { !$0.comments.isEmpty },
            .list("likers") { $0.likers },
            .bool("hasLikes") { $0.hasLikes },
            .optionalObject("newerPost") { $0.newerPost },
            .optionalObject("olderPost") { $0.olderPost },
            .optionalText("commentsAtomURL") { $0.commentsAtomURL },
            .optionalObject("camera") { $0.camera },
            .list("albums") { $0.albums },
            .bool("hasAlbums") { !$0.albums.isEmpty },
        ])
}

/// An item of `post.photos`: one photo of a post page, with its place among the post's
/// photos ("Photo 2 of 3") and its own camera details.
package final class SlideValues: TemplateContext {
    let photo: PhotoValues
    let number: Int
    let label: String
    let camera: CameraValues?

    init(photo: PhotoValues, number: Int, label: String, camera: CameraValues?) {
        self.photo = photo
        self.number = number
        self.label = label
        self.camera = camera
    }

    package static let templateFields = TemplateFieldList<SlideValues>(
        "slide",
        [
            .object("photo") { $0.photo },
            .number("number") { $0.number },
            .text("anchor") { "photo-\($0.number)" },
            .text("label") { $0.label },
            .bool("isFirst") { $0.number == 1 },
            .optionalObject("camera") { $0.camera },
        ])
}

/// An item of `post.comments`.
package final class CommentValues: TemplateContext {
    package let id: String
    package let author: UserValues?
    package let date: DateValues?
    package let text: String

    init(id: String, author: UserValues?, date: DateValues?, text: String) {
        self.id = id
        self.author = author
        self.date = date
        self.text = text
    }

    package static let templateFields = TemplateFieldList<CommentValues>(
        "comment",
        [
            .text("id") { $0.id },
            .text("anchor") { "comment-" + $0.id },
            .optionalObject("author") { $0.author },
            .optionalObject("date") { $0.date },
            .lazy("textHTML", .text) { MarkdownHTML(source: $0.text) },
        ])
}

/// `post.newerPost` and `post.olderPost`.
package final class NeighbourValues: TemplateContext {
    package let url: String
    package let photo: PhotoValues
    package let date: DateValues?

    init(url: String, photo: PhotoValues, date: DateValues?) {
        self.url = url
        self.photo = photo
        self.date = date
    }

    package static let templateFields = TemplateFieldList<NeighbourValues>(
        "neighbouring post",
        [
            .text("url") { $0.url },
            .object("photo") { $0.photo },
            .optionalObject("date") { $0.date },
        ])
}

/// `date`: an instant as `iso` (for `datetime`) and as `readable` text.
package final class DateValues: TemplateContext {
    let iso: String
    let readable: String

    init(milliseconds: Int64, localizer: Localizer) {
        iso = ISODate.timestamp(milliseconds: milliseconds)
        readable = localizer.date(milliseconds: milliseconds)
    }

    /// A time written elsewhere (a photo's `takenAt`).
    init(iso: String, readable: String) {
        self.iso = iso
        self.readable = readable
    }

    package static let templateFields = TemplateFieldList<DateValues>(
        "date",
        [
            .text("iso") { $0.iso },
            .text("readable") { $0.readable },
        ])
}

/// `pagination` of a list of posts. It says nothing of how many pages the list has, so that
/// an archive page's values stay the same as the list grows (`Pagination`).
package final class PaginationValues: TemplateContext {
    let pageNumber: Int
    let isFront: Bool
    let isPaginated: Bool
    let previousURL: String?
    let nextURL: String?

    init(pageNumber: Int, isFront: Bool, isPaginated: Bool, previousURL: String?, nextURL: String?) {
        self.pageNumber = pageNumber
        self.isFront = isFront
        self.isPaginated = isPaginated
        self.previousURL = previousURL
        self.nextURL = nextURL
    }

    package static let templateFields = TemplateFieldList<PaginationValues>(
        "pagination",
        [
            .number("pageNumber") { $0.pageNumber },
            .bool("isFront") { $0.isFront },
            .bool("isPaginated") { $0.isPaginated },
            .optionalText("previousURL") { $0.previousURL },
            .optionalText("nextURL") { $0.nextURL },
        ])
}

/// HTML from Markdown, rendered when a template shows it.
package final class MarkdownHTML: LazyTemplateValue {
    package let source: String

    package init(source: String) {
        self.source = source
    }

    package var fingerprint: TemplateFingerprint {
        var hasher = StableHasher()
        hasher.combine("markdown")
        hasher.combine(source)
        return hasher.finalize().templateFingerprint
    }

    package func make() -> TemplateValue {
        .text(Markdown.html(source))
    }
}
