import TimelineContent
import TimelineModel
import TimelineTemplates

/// The site's three searchable collections, made from the linked records.
///
/// - posts: numbered oldest first (so a new post leaves every other number, and so most
///   index files, unchanged), shown newest first; found by the words of the caption and of
///   every comment.
/// - users: numbered in the site's user order (by username), shown in that order; found by
///   any part of the username or the display name.
/// - albums: numbered in the site's album order (by owner, then slug), shown in that order;
///   found by the words of the title and the description, and the description's hashtags.
package enum SiteSearchCollections {
    /// Card thumbnails: the smallest square at least this wide.
    static let thumbnailWidth = 160
    static let avatarWidth = 64

    package static func make(images: PublishedImages, contexts: PageContexts) -> [SearchCollection] {
        [
            posts(images: images, contexts: contexts), users(site: contexts.site, images: images, paths: contexts.paths),
            albums(images: images, contexts: contexts),
        ]
    }

    /// The album collection: in the site's album order, found by words and hashtags.
    package static func albums(images: PublishedImages, contexts: PageContexts) -> SearchCollection {
        let site = contexts.site
        return SearchCollection(
            name: "albums", count: site.albums.count, descending: false, match: .words,
            numberAt: { Int32($0) },
            termsAt: { albumTerms(site.albums[$0]) },
            card: { albumCard($0, images: images, contexts: contexts) })
    }

    static func albumTerms(_ album: Album) -> Set<String> {
        var terms = Set(SearchText.words(ofMarkdown: album.title))
        if let description = album.description {
            terms.formUnion(SearchText.words(ofMarkdown: description))
            terms.formUnion(TagIndex.uniqueTags(Markdown.references(description).hashtags).map { tagTerm($0.key) })
        }
        return terms
    }

    /// The post collection: newest first, found by words and hashtags.
    package static func posts(images: PublishedImages, contexts: PageContexts) -> SearchCollection {
        let site = contexts.site
        let postCount = site.posts.count
        return SearchCollection(
            name: "posts", count: postCount, descending: true, match: .words,
            numberAt: { Int32(postCount - 1 - $0) },
            termsAt: { postTerms(ofPost: $0, in: site) },
            card: { number in postCard(postCount - 1 - number, images: images, contexts: contexts) })
    }

    /// The user collection: in the site's user order, found by any part of a name.
    package static func users(site: LinkedSite, images: PublishedImages, paths: SitePaths) -> SearchCollection {
        SearchCollection(
            name: "users", count: site.users.count, descending: false, match: .substring,
            numberAt: { Int32($0) },
            termsAt: { userTerms(site.users[$0]) },
            card: { userCard($0, site: site, images: images, paths: paths) })
    }

    /// A post's words, and each of its hashtags as `#` and the tag's normalised key (`#café`
    /// is found as `#cafe`, as the search page normalises what is typed).
    package static func postTerms(ofPost index: Int, in site: LinkedSite) -> Set<String> {
        site.posts.withRecord(at: index) { postTerms($0.pointee) }.union(site.tags.keys(ofPost: index).map(tagTerm))
    }

    static func tagTerm(_ key: String) -> String {
        "#" + String(SearchText.normalize(key).unicodeScalars.prefix(SearchText.maximumTermLength))
    }

    package static func postTerms(_ post: borrowing Post) -> Set<String> {
        var terms = Set<String>()
        if let caption = post.caption { terms.formUnion(SearchText.words(ofMarkdown: caption)) }
        for comment in post.comments { terms.formUnion(SearchText.words(ofMarkdown: comment.text)) }
        return terms
    }

    /// Every suffix of the normalised username and display name that does not start with a
    /// space, cut to the term length.
    package static func userTerms(_ user: User) -> Set<String> {
        var terms = Set<String>()
        for name in [user.username, user.name].compactMap({ $0 }) {
            let scalars = Array(SearchText.normalizeName(name).unicodeScalars)
            for start in scalars.indices where scalars[start] != " " {
                var term = String.UnicodeScalarView()
                term.append(contentsOf: scalars[start..<min(scalars.count, start + SearchText.maximumTermLength)])
                terms.insert(String(term))
            }
        }
        return terms
    }

    /// `url`, `img` (with `w`, `h`, `alt`), `user`, `name`, `text` (the caption's plain text, cut
    /// as for page descriptions),
    /// `date`, `likes`, `comments`.
    static func postCard(_ index: Int, images: PublishedImages, contexts: PageContexts) -> [UInt8] {
        let site = contexts.site
        let paths = contexts.paths
        let post = site.posts.withRecord(at: index) { post in
            (
                id: post.pointee.id, alt: post.pointee.firstPhoto.alt, date: post.pointee.date, likes: post.pointee.likes.count,
                comments: post.pointee.comments.count
            )
        }
        let author = site.users[site.postAuthor[index]]
        var json = JSONText()
        json.beginObject()
        json.field("url", paths.url(ofPath: paths.post(post.id).urlFolder, from: paths.search()))
        if let thumbnail = thumbnail(ofPost: index, images: images) { imageFields(thumbnail, paths: paths, into: &json) }
        json.field("alt", post.alt)
        json.field("user", author.username)
        json.field("name", author.name)
        json.field("text", contexts.captionText(ofPost: index))
        json.field("date", post.date.map { contexts.localizer.date(milliseconds: $0) })
        json.field("likes", post.likes)
        json.field("comments", post.comments)
        json.endObject()
        return json.bytes
    }

    /// `url`, `img` (the cover, with `w`, `h`), `title`, `user`, `name` (the owner's), `text` (the
    /// description's plain text, cut as for page descriptions), `posts`.
    static func albumCard(_ index: Int, images: PublishedImages, contexts: PageContexts) -> [UInt8] {
        let site = contexts.site
        let paths = contexts.paths
        let album = site.albums[index]
        let owner = site.userIndex(named: album.owner.username).map { site.users[$0] }
        var json = JSONText()
        json.beginObject()
        json.field("url", paths.url(ofPath: paths.album(album.owner.username, slug: album.slug).urlFolder, from: paths.search()))
        if let thumbnail = site.coverIndex(ofAlbum: index).flatMap({ thumbnail(ofPost: $0, images: images) }) {
            imageFields(thumbnail, paths: paths, into: &json)
        }
        json.field("title", album.title)
        json.field("user", album.owner.username)
        json.field("name", owner?.name)
        json.field("text", album.description.map { Markdown.plainText($0) })
        json.field("posts", album.posts.count)
        json.endObject()
        return json.bytes
    }

    /// `url`, `img` (with `w`, `h`), `user`, `name`, `posts`, `followers`.
    static func userCard(_ index: Int, site: LinkedSite, images: PublishedImages, paths: SitePaths) -> [UInt8] {
        let user = site.users[index]
        var json = JSONText()
        json.beginObject()
        json.field("url", paths.url(ofPath: paths.profile(user.username).urlFolder, from: paths.search()))
        if let avatar = images.avatars[index].flatMap({ smallest($0.squares, atLeast: avatarWidth) }) { imageFields(avatar, paths: paths, into: &json) }
        json.field("user", user.username)
        json.field("name", user.name)
        json.field("posts", site.postsByUser[index].count)
        json.field("followers", site.followers[index].count)
        json.endObject()
        return json.bytes
    }

    /// A post card's image: its first photo's smallest square of at least `thumbnailWidth`, else
    /// its first display size (a photo published as it is).
    private static func thumbnail(ofPost index: Int, images: PublishedImages) -> Rendition? {
        let image = images.posts[index][0]
        return smallest(image.squares, atLeast: thumbnailWidth) ?? image.display.first
    }

    /// `img`, `w` and `h` of a card.
    private static func imageFields(_ rendition: Rendition, paths: SitePaths, into json: inout JSONText) {
        json.field("img", paths.url(ofPath: rendition.outputFile, from: paths.search()))
        json.field("w", rendition.size.width)
        json.field("h", rendition.size.height)
    }

    /// The smallest rendition at least `width` wide, WebP before JPEG; else the widest.
    static func smallest(_ renditions: [Rendition], atLeast width: Int) -> Rendition? {
        let ordered = renditions.sorted {
            ($0.size.width, $0.mediaType == ImageFormat.webp.mediaType ? 0 : 1) < ($1.size.width, $1.mediaType == ImageFormat.webp.mediaType ? 0 : 1)
        }
        return ordered.first { $0.size.width >= width } ?? ordered.last
    }
}
