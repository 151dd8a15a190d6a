import TimelineContent
import TimelineModel
import TimelineTemplates

/// An album as templates see it (`album` on an album page, items of `albums` on a user's list
/// of albums and profile, and on the pages of its posts), with its fingerprint computed once.
package final class AlbumValues: TemplateContext {
    package final class Fields: TemplateContext {
        let title: String
        let slug: String
        let url: String
        /// The description as safe HTML, its hashtags and mentions linked; nil without one.
        let descriptionHTML: String?
        let postCount: Int
        let postsLabel: String
        /// The cover post's first photo.
        let cover: PhotoValues

        init(title: String, slug: String, url: String, descriptionHTML: String?, postCount: Int, postsLabel: String, cover: PhotoValues) {
            self.title = title
            self.slug = slug
            self.url = url
            self.descriptionHTML = descriptionHTML
            self.postCount = postCount
            self.postsLabel = postsLabel
            self.cover = cover
        }

        package static let templateFields = TemplateFieldList<Fields>(
            "album",
            [
                .text("title") { $0.title },
                .text("slug") { $0.slug },
                .text("url") { $0.url },
                .optionalText("descriptionHTML") { $0.descriptionHTML },
                .number("postCount") { $0.postCount },
                .text("postsLabel") { $0.postsLabel },
                .object("cover") { $0.cover },
            ])
    }

    let fields: Fields
    package let readKey: UInt64?
    package let cachedFingerprint: TemplateFingerprint?

    init(_ fields: Fields, owner: String) {
        self.fields = fields
        readKey = ValueKey.album(owner: owner, slug: fields.slug).recorded
        cachedFingerprint = ContextFingerprint.of(.object(fields)).templateFingerprint
    }

    package static let templateFields = TemplateFieldList<AlbumValues>("album", Fields.templateFields.fields.map { $0.lifted { $0.fields } })
}

/// `album`: one page of an album's posts, in its owner's order.
package final class AlbumPage: PageTemplateContext {
    let common: CommonValues
    package let user: UserValues
    package let album: AlbumValues
    /// The owner's list of albums.
    let albumsURL: String
    package let list: PostListValues

    init(common: CommonValues, user: UserValues, album: AlbumValues, albumsURL: String, list: PostListValues) {
        self.common = common
        self.user = user
        self.album = album
        self.albumsURL = albumsURL
        self.list = list
    }

    package static let templateFields = TemplateFieldList<AlbumPage>(
        "album page",
        commonFields() + [.object("user") { $0.user }, .object("album") { $0.album }, .text("albumsURL") { $0.albumsURL }]
            + PostListValues.fields { $0.list })
}

/// `albums`: a user's albums, by slug.
package final class AlbumsPage: PageTemplateContext {
    let common: CommonValues
    package let user: UserValues
    package let albums: [AlbumValues]

    init(common: CommonValues, user: UserValues, albums: [AlbumValues]) {
        self.common = common
        self.user = user
        self.albums = albums
    }

    package static let templateFields = TemplateFieldList<AlbumsPage>(
        "albums page", commonFields() + [.object("user") { $0.user }, .list("albums") { $0.albums }])
}
