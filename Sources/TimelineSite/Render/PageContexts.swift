import TimelineContent
import TimelineModel
import TimelineTemplates

/// Builds what each template receives (documented in docs/templates.md). Everything taken
/// from content is passed as plain text for the template to escape with `{{…}}`; only the
/// `…HTML` values, which come out of cmark's safe renderer, are meant for `{{{…}}}`.
package struct PageContexts: Sendable {
    package private(set) var site: LinkedSite
    package private(set) var timelines: Timelines
    package let paths: SitePaths
    private(set) var siteValues: SiteValues
    /// The theme's texts in the site's language, and its numbers and dates.
    package let localizer: Localizer
    let stylesheetURL: String
    let stylesheets: [StylesheetValues]
    /// Per user, the bio as plain text, for the description of each profile page.
    private(set) var bioText: [String?]
    /// Per user, the values shown in lists and next to posts.
    private(set) var userSummaries: [UserValues]
    /// Per post, every photo's images and published originals.
    private var images: PublishedImages
    /// Per post, its date (the feeds carry the latest one over posts without one).
    package private(set) var postDates: [Int64?]
    /// Feed links and share tags, made from the site as it now is.
    private(set) var sharing: PageSharing
    /// Per post, values a whole build makes once for every post, since a post shows on many
    /// pages; nil when the posts are read one at a time (an edit build from the site index),
    /// which makes each when a page asks. Read in place (`perPost?.dates[index]`), never bound
    /// whole: a copy retains each of its arrays, whose counts both cores then write to for every
    /// card, and at 20,000 posts that cost a clean build a tenth of its time.
    private var perPost: PerPostValues?
    /// Without `perPost`: each post's card digest, made when a page first asks for it.
    private var cardDigests = CardDigestMemo()
    /// Per album, its description as HTML, made once: an album shows on every page of its
    /// posts. Made again with the albums (`replaceAlbums`).
    private var albumDescriptionHTML: [String?] = []
    /// Per album, its values, made once by a whole build (each shows on the pages of all its
    /// posts); nil once the site changes, when each is made as a page asks.
    private var albumSummaries: [AlbumValues]?

    private struct PerPostValues: Sendable {
        var captionHTML: [String?]
        var captionText: [String?]
        /// Its first photo's values as the first cards of a list load it (eagerly) and as every
        /// other place does.
        var photos: [(eager: PhotoValues, lazy: PhotoValues)]
        var dates: [DateValues?]
        /// The digest of its card where the card is not among the first of a list (`card(_:position:)`
        /// differs only there), so that a list page is fingerprinted without making its cards.
        var cardDigests: [Digest] = []
    }

    /// How many cards at the top of a list load eagerly: the first screen of a phone.
    static let eagerImageCount = 2

    /// The contexts of a whole build: every post's values made once, on every core.
    package static func prepare(site: LinkedSite, timelines: Timelines, images: PublishedImages, theme: Theme) async -> PageContexts {
        let dates = site.posts.indices.map { index in site.posts.withRecord(at: index) { $0.pointee.date } }
        var contexts = await onDemand(site: site, timelines: timelines, images: images, theme: theme, postDates: dates)
        let paths = contexts.paths
        let localizer = contexts.localizer
        let links = captionLinks(site: site, paths: paths)
        // By index, each caption read in place: a map over the posts copies every post whole.
        let captions = await ParallelMap.map(Array(site.posts.indices)) { index in
            site.posts.withRecord(at: index) { $0.pointee.caption }.map { (Markdown.html($0, links: links), Markdown.plainText($0)) }
        }
        let photos = await ParallelMap.map(Array(site.posts.indices)) { index in
            let photo = Self.photo(0, ofPost: index, site: site, images: images, paths: paths)
            return (eager: photo.loading(eager: true), lazy: photo.loading(eager: false))
        }
        contexts.perPost = PerPostValues(
            captionHTML: captions.map { $0?.0 }, captionText: captions.map { $0?.1 }, photos: photos,
            dates: contexts.postDates.map { date in date.map { DateValues(milliseconds: $0, localizer: localizer) } })
        let finished = contexts
        contexts.perPost?.cardDigests = await ParallelMap.map(Array(site.posts.indices)) {
            ContextFingerprint.of(.object(finished.card($0, position: eagerImageCount)))
        }
        contexts.albumSummaries = site.albums.indices.map(finished.albumValues)
        return contexts
    }

    /// The contexts of a site whose posts are read one at a time: each post's values are made
    /// when a page asks for them. `postDates` are the posts' dates, kept with the site index.
    package static func onDemand(site: LinkedSite, timelines: Timelines, images: PublishedImages, theme: Theme, postDates: [Int64?]) async -> PageContexts {
        let paths = SitePaths(settings: site.settings)
        let localizer = theme.localizer
        let sharing = PageSharing(site: site, images: images, paths: paths, localizer: localizer)
        let siteValues = Self.siteValues(site: site, paths: paths, localizer: localizer, sharing: sharing)
        let stylesheets = StylesheetValues.ordered(assets: theme.assetFiles)
        let summaries = await ParallelMap.map(Array(site.users.indices)) { index in
            Self.userSummary(index, site: site, avatar: images.avatars[index], paths: paths, sharing: sharing, localizer: localizer)
        }
        var contexts = PageContexts(
            site: site, timelines: timelines, paths: paths, siteValues: siteValues, localizer: localizer,
            stylesheetURL: paths.assetURL(stylesheets.first ?? StylesheetValues.mainStylesheet),
            stylesheets: stylesheets.map { StylesheetValues(url: paths.assetURL($0)) },
            bioText: site.users.map { $0.bio.map { Markdown.plainText($0) } }, userSummaries: summaries, images: images, postDates: postDates,
            sharing: sharing)
        contexts.albumDescriptionHTML = albumDescriptions(site: site, paths: paths)
        return contexts
    }

    private static func albumDescriptions(site: LinkedSite, paths: SitePaths) -> [String?] {
        let links = captionLinks(site: site, paths: paths)
        return site.albums.map { album in album.description.map { Markdown.html($0, links: links) } }
    }

    /// Puts the albums after an edit in place (linked against the site as it now is, in their
    /// order), with what is made of them: their descriptions, whose mentions link to users as
    /// the site now has them, and share tags.
    package mutating func replaceAlbums(_ albums: [Album]) {
        albumSummaries = nil
        site.setAlbums(albums)
        albumDescriptionHTML = Self.albumDescriptions(site: site, paths: paths)
        sharing = PageSharing(site: site, images: images, paths: paths, localizer: localizer)
    }

    /// The values every page gets of the site: its settings and counts.
    private static func siteValues(site: LinkedSite, paths: SitePaths, localizer: Localizer, sharing: PageSharing) -> SiteValues {
        let settings = site.settings
        return SiteValues(
            title: settings.title, description: settings.description, language: settings.language,
            direction: localizer.isRightToLeft ? "rtl" : "ltr", baseURL: settings.baseURL,
            homeURL: paths.url(paths.home()), usersURL: paths.url(paths.users()), searchURL: paths.url(paths.search()), tagsURL: paths.url(paths.tags()),
            searchScriptURL: paths.assetURL("search.js"), carouselScriptURL: paths.assetURL("carousel.js"), userCount: site.users.count,
            postCount: site.posts.count,
            usersLabel: localizer.count(.people, site.users.count), postsLabel: localizer.count(.photos, site.posts.count),
            atomURL: sharing.url(of: .site), extra: settings.extra.templateValue)
    }

    /// Puts the site after a post newer than every other was put first (`LinkedSite.insertNewest`,
    /// `Timelines.insertNewestPost`) in place, with its images first among `images`: the site's
    /// counts, its author's summary, and the per-post values, each post's one index up.
    package mutating func insertNewestPost(site: LinkedSite, timelines: Timelines, images: PublishedImages) {
        let before = [false] + self.timelines.isOnATimeline
        postDates.insert(site.posts[0].date, at: 0)
        adopt(site: site, timelines: timelines, images: images)
        let author = site.postAuthor[0]
        userSummaries[author] = Self.userSummary(author, site: site, avatar: images.avatars[author], paths: paths, sharing: sharing, localizer: localizer)
        guard var values = perPost else { return }
        perPost = nil
        let caption = site.posts[0].caption
        values.captionHTML.insert(caption.map { Markdown.html($0, links: Self.captionLinks(site: site, paths: paths)) }, at: 0)
        values.captionText.insert(caption.map { Markdown.plainText($0) }, at: 0)
        let photo = Self.photo(0, ofPost: 0, site: site, images: images, paths: paths)
        values.photos.insert((eager: photo.loading(eager: true), lazy: photo.loading(eager: false)), at: 0)
        values.dates.insert(postDates[0].map { DateValues(milliseconds: $0, localizer: localizer) }, at: 0)
        values.cardDigests.insert(.zero, at: 0)
        perPost = values
        remakeCardDigests(ofPostsBy: [author], onATimelineBefore: before)
    }

    /// Puts the site after the post at `index`, by `author`, was removed (`LinkedSite.removePost`,
    /// `Timelines.removePost`, `PublishedImages.removingPost`) in place: the site's counts, its
    /// author's summary, and the per-post values, each later post's one index down.
    package mutating func removePost(at index: Int, by author: Int, site: LinkedSite, timelines: Timelines, images: PublishedImages) {
        var before = self.timelines.isOnATimeline
        before.remove(at: index)
        postDates.remove(at: index)
        adopt(site: site, timelines: timelines, images: images)
        userSummaries[author] = Self.userSummary(author, site: site, avatar: images.avatars[author], paths: paths, sharing: sharing, localizer: localizer)
        guard var values = perPost else { return }
        perPost = nil
        values.captionHTML.remove(at: index)
        values.captionText.remove(at: index)
        values.photos.remove(at: index)
        values.dates.remove(at: index)
        values.cardDigests.remove(at: index)
        perPost = values
        remakeCardDigests(ofPostsBy: [author], onATimelineBefore: before)
    }

    /// Puts the site after a new user was put at `index` (`LinkedSite.insertUser`,
    /// `Timelines.insertUser`, `PublishedImages.insertingUser`) in place: the site's counts, and
    /// every user's summary (each later user's index moved up).
    package mutating func insertUser(at index: Int, site: LinkedSite, timelines: Timelines, images: PublishedImages) {
        adopt(site: site, timelines: timelines, images: images)
        bioText.insert(site.users[index].bio.map { Markdown.plainText($0) }, at: index)
        remakeUserSummaries()
    }

    private mutating func remakeUserSummaries() {
        userSummaries = site.users.indices.map { user in
            Self.userSummary(user, site: site, avatar: images.avatars[user], paths: paths, sharing: sharing, localizer: localizer)
        }
    }

    /// Puts the site after the user at `index` was taken out (`LinkedSite.removeUser`,
    /// `Timelines.removeUser`, `PublishedImages.removingUser`) in place: the site's counts, and
    /// every user's summary (each later user's index moved down).
    package mutating func removeUser(at index: Int, site: LinkedSite, timelines: Timelines, images: PublishedImages) {
        adopt(site: site, timelines: timelines, images: images)
        bioText.remove(at: index)
        remakeUserSummaries()
    }

    /// Puts the site after a user was moved (`LinkedSite.moveUser`, `Timelines.moveUser`,
    /// `PublishedImages.movingUser`) in place: the site's values, every user's summary, and the
    /// card digests of the moved user's posts.
    package mutating func moveUser(_ move: IndexMove, site: LinkedSite, timelines: Timelines, images: PublishedImages) {
        let before = self.timelines.isOnATimeline
        adopt(site: site, timelines: timelines, images: images)
        bioText = move.applied(to: bioText)
        remakeUserSummaries()
        remakeCardDigests(ofPostsBy: [move.to], onATimelineBefore: before)
    }

    /// Puts edited posts in place of the ones at their indexes, with `images` holding their
    /// photos as they now are. Only for an edit that keeps a post's ID, author and date, which
    /// the other per-post values (share tags, neighbours) are made of: its caption, photos,
    /// comments and likes may change.
    package mutating func replacePosts(_ edited: [Int: Post], images: PublishedImages) {
        self.images = images
        albumSummaries = nil
        let links = Self.captionLinks(site: site, paths: paths)
        for (index, post) in edited {
            site.replacePost(at: index, with: post)
            perPost?.captionHTML[index] = post.caption.map { Markdown.html($0, links: links) }
            perPost?.captionText[index] = post.caption.map { Markdown.plainText($0) }
            let photo = Self.photo(0, ofPost: index, site: site, images: images, paths: paths)
            perPost?.photos[index] = (eager: photo.loading(eager: true), lazy: photo.loading(eager: false))
        }
        sharing = PageSharing(site: site, images: images, paths: paths, localizer: localizer)
        cardDigests = CardDigestMemo()
        guard perPost != nil else { return }
        for index in edited.keys {
            let digest = ContextFingerprint.of(.object(card(index, position: Self.eagerImageCount)))
            perPost?.cardDigests[index] = digest
        }
    }

    /// Puts the hashtags after an edit that added or dropped some in place (`TagIndexEdit`):
    /// tag pages, the tags page and tag feeds are made from them.
    package mutating func replaceTags(_ tags: TagIndex) {
        site.tags = tags
        sharing = PageSharing(site: site, images: images, paths: paths, localizer: localizer)
    }

    /// Puts the site, timelines and images after an edit of the users `edited` in place (same
    /// usernames; names, bios, links, extra fields, avatars and follows may change, and with
    /// follows other users' counts, which are in `edited` too), and the values made of them:
    /// those users' summaries and bios, feed links, and the cards of their posts and of posts
    /// that came onto or left every timeline.
    package mutating func replaceUsers(_ edited: Set<Int>, site: LinkedSite, timelines: Timelines, images: PublishedImages) {
        let before = self.timelines.isOnATimeline
        adopt(site: site, timelines: timelines, images: images)
        for user in edited {
            userSummaries[user] = Self.userSummary(user, site: site, avatar: images.avatars[user], paths: paths, sharing: sharing, localizer: localizer)
            bioText[user] = site.users[user].bio.map { Markdown.plainText($0) }
        }
        remakeCardDigests(ofPostsBy: edited, onATimelineBefore: before)
    }

    /// Takes the site, timelines and images an edit made, and makes again what is made of the
    /// whole site: feed links and share tags, and the site's values; the card digests made on
    /// demand are let go.
    private mutating func adopt(site: LinkedSite, timelines: Timelines, images: PublishedImages) {
        self.site = site
        self.timelines = timelines
        self.images = images
        albumSummaries = nil
        sharing = PageSharing(site: site, images: images, paths: paths, localizer: localizer)
        siteValues = Self.siteValues(site: site, paths: paths, localizer: localizer, sharing: sharing)
        cardDigests = CardDigestMemo()
    }

    /// Each held card digest of the posts by `users` and of the posts that came onto or left
    /// every timeline since `before` (`Timelines.isOnATimeline` then, by today's indexes).
    private mutating func remakeCardDigests(ofPostsBy users: Set<Int>, onATimelineBefore before: [Bool]) {
        guard perPost != nil else { return }
        var posts = Set(users.flatMap { site.postsByUser[$0] })
        posts.formUnion(timelines.isOnATimeline.indices.filter { timelines.isOnATimeline[$0] != before[$0] })
        for index in posts {
            let digest = ContextFingerprint.of(.object(card(index, position: Self.eagerImageCount)))
            perPost?.cardDigests[index] = digest
        }
    }

    /// The post's caption as HTML, with its hashtags and mentions linked.
    package func captionHTML(ofPost index: Int) -> String? {
        if let html = perPost?.captionHTML[index] { return html }
        return site.posts.withRecord(at: index) { $0.pointee.caption }.map { Markdown.html($0, links: Self.captionLinks(site: site, paths: paths)) }
    }

    /// The post's caption as plain text.
    package func captionText(ofPost index: Int) -> String? {
        if let text = perPost?.captionText[index] { return text }
        return site.posts.withRecord(at: index) { $0.pointee.caption }.map { Markdown.plainText($0) }
    }

    /// The digest of the post's card where it is not among the first of a list.
    func cardDigest(ofPost index: Int) -> Digest {
        if let digest = perPost?.cardDigests[index] { return digest }
        return cardDigests.digest(ofPost: index) { ContextFingerprint.of(.object(card(index, position: Self.eagerImageCount))) }
    }

    // MARK: Pieces

    /// A caption's hashtags link to their tag's page, its mentions of users to their profiles.
    static func captionLinks(site: LinkedSite, paths: SitePaths) -> Markdown.CaptionLinks {
        Markdown.CaptionLinks(
            tagURL: { paths.url(paths.tag($0)) },
            profileURL: { name in site.userIndex(foldedName: name).map { paths.url(paths.profile(site.users[$0].username)) } })
    }

    static func userSummary(
        _ index: Int, site: LinkedSite, avatar image: ProcessedImage?, paths: SitePaths, sharing: PageSharing, localizer: Localizer
    ) -> UserValues {
        let user = site.users[index]
        let postCount = site.postsByUser[index].count
        let followerCount = site.followers[index].count
        let followingCount = site.following[index].count
        return UserValues(
            UserValues.Fields(
                username: user.username,
                name: user.name,
                displayName: user.displayName,
                initial: String(user.username.prefix(1)).uppercased(),
                bioHTML: user.bio.map(Markdown.html),
                url: user.url,
                urlLabel: user.url.map(Self.shortURL),
                avatar: image.map { ImageContexts.avatar($0, paths: paths) },
                profileURL: paths.url(paths.profile(user.username)),
                feedURL: paths.url(paths.feed(user.username)),
                followingURL: paths.url(paths.following(user.username)),
                followersURL: paths.url(paths.followers(user.username)),
                postCount: postCount,
                followerCount: followerCount,
                followingCount: followingCount,
                postsLabel: localizer.count(.posts, postCount),
                followersLabel: localizer.count(.followers, followerCount),
                followingLabel: localizer.count(.following, followingCount),
                atomURL: sharing.url(of: .posts(user: index)),
                timelineAtomURL: sharing.url(of: .timeline(user: index)),
                extra: user.extra.templateValue), index: index)
    }

    /// `calebhicks.com` for `http://calebhicks.com/`.
    static func shortURL(_ url: String) -> String {
        var text = Substring(url)
        for prefix in ["https://", "http://"] where text.lowercased().hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        if text.lowercased().hasPrefix("www.") { text = text.dropFirst(4) }
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }

    package func author(ofPost post: Int) -> UserValues {
        userSummaries[site.postAuthor[post]]
    }

    package func date(ofPost post: Int) -> DateValues? {
        if let date = perPost?.dates[post] { return date }
        return postDates[post].map { DateValues(milliseconds: $0, localizer: localizer) }
    }

    package func photo(ofPost index: Int, eager: Bool) -> PhotoValues {
        if let photos = perPost?.photos[index] { return eager ? photos.eager : photos.lazy }
        return Self.photo(0, ofPost: index, site: site, images: images, paths: paths).loading(eager: eager)
    }

    /// The values of one photo of a post, without its loading.
    private static func photo(_ number: Int, ofPost index: Int, site: LinkedSite, images: PublishedImages, paths: SitePaths) -> PhotoValues {
        ImageContexts.photo(
            images.posts[index][number], alt: site.posts.withRecord(at: index) { $0.pointee.photos[number].alt },
            originalURL: images.originalPhotoFiles[index].isEmpty ? nil : paths.url(file: images.originalPhotoFiles[index][number]), paths: paths)
    }

    /// Every photo of a post as its page shows them: the first loads eagerly, the rest lazily.
    func slides(ofPost index: Int) -> [SlideValues] {
        let count = site.posts.withRecord(at: index) { $0.pointee.photos.count }
        return (0..<count).map { number in
            let photo =
                number == 0
                ? self.photo(ofPost: index, eager: true) : Self.photo(number, ofPost: index, site: site, images: images, paths: paths).loading(eager: false)
            let details = site.settings.showCameraDetails ? photo.camera.flatMap { CameraValues($0, localizer: localizer) } : nil
            return SlideValues(
                photo: photo, number: number + 1,
                label: localizer.text(
                    site.posts.withRecord(at: index) { $0.pointee.photos[number].video == nil } ? .photoPosition : .videoPosition,
                    ["number": localizer.number(number + 1), "count": localizer.number(count)]),
                camera: details)
        }
    }

    /// What a timeline cell showed: photo, author, likes and comments, and the way in.
    package func card(_ index: Int, position: Int) -> CardValues {
        let (id, photoCount, likeCount, commentCount, extra) = site.posts.withRecord(at: index) { post in
            (post.pointee.id, post.pointee.photos.count, post.pointee.likes.count, post.pointee.comments.count, post.pointee.extra.templateValue)
        }
        let eager = position < Self.eagerImageCount
        return CardValues(
            id: id.rawValue, url: paths.url(paths.post(id)), photo: photo(ofPost: index, eager: eager),
            author: author(ofPost: index), date: date(ofPost: index), captionHTML: captionHTML(ofPost: index), captionText: captionText(ofPost: index),
            photoCount: photoCount, likeCount: likeCount, commentCount: commentCount,
            localizer: localizer, extra: extra,
            fragmentKey: timelines.isOnATimeline[index] ? index * 2 + (eager ? 1 : 0) : nil, readKey: ValueKey.card(post: id).recorded)
    }

    /// A hashtag's name, count and links.
    func tagValues(_ index: Int) -> TagValues {
        let tag = site.tags.tags[index]
        return TagValues(
            name: tag.spelling, key: tag.key, url: paths.url(paths.tag(tag.key)), postCount: tag.posts.count,
            postsLabel: localizer.count(.photos, tag.posts.count), atomURL: sharing.url(of: .tag(index)))
    }

    func albumValues(_ index: Int) -> AlbumValues {
        if let values = albumSummaries?[index] { return values }
        let album = site.albums[index]
        // Linking found every post of an album on the site.
        let postCount = album.posts.count
        let fields = AlbumValues.Fields(
            title: album.title, slug: album.slug, url: paths.url(paths.album(album.owner.username, slug: album.slug)),
            descriptionHTML: albumDescriptionHTML[index], postCount: postCount, postsLabel: localizer.count(.photos, postCount),
            cover: photo(ofPost: site.coverIndex(ofAlbum: index) ?? 0, eager: false))
        return AlbumValues(fields, owner: album.owner.username)
    }

    func pagination(_ pagination: Pagination, page: Int, location: (Int) -> SitePaths.Location) -> PaginationValues {
        PaginationValues(
            pageNumber: pagination.displayNumber(ofPage: page), isFront: page == Pagination.front, isPaginated: pagination.pageCount > 1,
            previousURL: pagination.newerPage(than: page).map { paths.url(location($0)) },
            nextURL: pagination.olderPage(than: page).map { paths.url(location($0)) })
    }

    /// The values every page gets.
    func common(title: String?, description: String?, location: SitePaths.Location?, kind: String, for page: Page) -> CommonValues {
        let fullTitle = title.map { localizer.text(.fullTitle, ["page": $0, "site": site.settings.title]) } ?? site.settings.title
        let pageValues = PageValues(
            title: fullTitle, heading: title, description: description ?? site.settings.description,
            url: location.map { paths.url($0) }, canonicalURL: location.flatMap { paths.absoluteURL($0) }, kind: kind,
            feeds: sharing.feeds(for: page), share: sharing.share(for: page))
        return CommonValues(site: siteValues, page: pageValues, stylesheetURL: stylesheetURL, stylesheets: stylesheets)
    }
}
