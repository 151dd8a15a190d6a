import TimelineContent
import TimelineModel
import TimelineTemplates

/// Builds what each template receives (documented in docs/templates.md). Everything taken
/// from content is passed as plain text for the template to escape with `{{…}}`; only the
/// `…HTML` values, which come out of cmark's safe renderer, are meant for `{{{…}}}`.
package struct PageContexts: Sendable {
    package private(set) var site: LinkedSite
    package let timelines: Timelines
    package let paths: SitePaths
    let siteValues: SiteValues
    /// The theme's texts in the site's language, and its numbers and dates.
    package let localizer: Localizer
    let stylesheetURL: String
    let stylesheets: [StylesheetValues]
    /// Per post, the caption rendered once, since a post shows on many pages.
    private(set) var captionHTML: [String?]
    package private(set) var captionText: [String?]
    /// Per user, the bio as plain text, for the description of each profile page.
    let bioText: [String?]
    /// Per user, the values shown in lists and next to posts.
    let userSummaries: [UserValues]
    /// Per post, its photo's values as the first cards of a list load it (eagerly) and as every
    /// other place does, each built once: a card is made for every page that lists the post.
    package let photos: [(eager: PhotoValues, lazy: PhotoValues)]
    /// Per post, every photo's images and published originals, of which a post page makes the
    /// values of the photos after the first when it is rendered.
    private let images: PublishedImages
    /// Per post, the post's date, built once.
    private let dates: [DateValues?]
    /// Feed links and share tags.
    let sharing: PageSharing
    /// Per post, the digest of its card where the card is not among the first of a list
    /// (`card(_:position:)` differs only there), so that a list page is fingerprinted without
    /// making its cards.
    private(set) var cardDigests: [Digest] = []

    /// How many cards at the top of a list load eagerly: the first screen of a phone.
    static let eagerImageCount = 2

    package static func prepare(site: LinkedSite, timelines: Timelines, images: PublishedImages, theme: Theme) async -> PageContexts {
        let paths = SitePaths(settings: site.settings)
        let localizer = theme.localizer
        let sharing = PageSharing(site: site, images: images, paths: paths, localizer: localizer)
        let settings = site.settings
        let siteValues = SiteValues(
            title: settings.title, description: settings.description, language: settings.language,
            direction: localizer.isRightToLeft ? "rtl" : "ltr", baseURL: settings.baseURL,
            homeURL: paths.url(paths.home()), usersURL: paths.url(paths.users()), searchURL: paths.url(paths.search()), tagsURL: paths.url(paths.tags()),
            searchScriptURL: paths.assetURL("search.js"), carouselScriptURL: paths.assetURL("carousel.js"), userCount: site.users.count,
            postCount: site.posts.count,
            usersLabel: localizer.count(.people, site.users.count), postsLabel: localizer.count(.photos, site.posts.count),
            atomURL: sharing.url(of: .site), extra: settings.extra.templateValue)
        let stylesheets = StylesheetValues.ordered(assets: theme.assetFiles)
        let links = captionLinks(site: site, paths: paths)
        let captions = await ParallelMap.map(site.posts) { post in
            post.caption.map { (Markdown.html($0, links: links), Markdown.plainText($0)) }
        }
        let summaries = await ParallelMap.map(Array(site.users.indices)) { index in
            Self.userSummary(index, site: site, avatar: images.avatars[index], paths: paths, sharing: sharing, localizer: localizer)
        }
        let photos = await ParallelMap.map(Array(site.posts.indices)) { index in
            let photo = Self.photo(0, ofPost: index, site: site, images: images, paths: paths)
            return (eager: photo.loading(eager: true), lazy: photo.loading(eager: false))
        }
        var contexts = PageContexts(
            site: site, timelines: timelines, paths: paths, siteValues: siteValues, localizer: localizer,
            stylesheetURL: paths.assetURL(stylesheets.first ?? StylesheetValues.mainStylesheet),
            stylesheets: stylesheets.map { StylesheetValues(url: paths.assetURL($0)) }, captionHTML: captions.map { $0?.0 },
            captionText: captions.map { $0?.1 },
            bioText: site.users.map { $0.bio.map { Markdown.plainText($0) } }, userSummaries: summaries, photos: photos, images: images,
            dates: site.posts.map { post in post.date.map { DateValues(milliseconds: $0, localizer: localizer) } }, sharing: sharing)
        let finished = contexts
        contexts.cardDigests = await ParallelMap.map(Array(site.posts.indices)) { ContextFingerprint.of(.object(finished.card($0, position: eagerImageCount))) }
        return contexts
    }

    /// Puts edited posts in place of the ones at their indexes. Only for an edit that keeps a
    /// post's ID, author, photos (with their alt text) and date, which the other per-post values (photos,
    /// share tags, neighbours) are made of: its caption, comments and likes may change.
    package mutating func replacePosts(_ edited: [Int: Post]) {
        let links = Self.captionLinks(site: site, paths: paths)
        for (index, post) in edited {
            site.replacePost(at: index, with: post)
            captionHTML[index] = post.caption.map { Markdown.html($0, links: links) }
            captionText[index] = post.caption.map { Markdown.plainText($0) }
        }
        for index in edited.keys { cardDigests[index] = ContextFingerprint.of(.object(card(index, position: Self.eagerImageCount))) }
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
        dates[post]
    }

    package func photo(ofPost index: Int, eager: Bool) -> PhotoValues {
        eager ? photos[index].eager : photos[index].lazy
    }

    /// The values of one photo of a post, without its loading.
    private static func photo(_ number: Int, ofPost index: Int, site: LinkedSite, images: PublishedImages, paths: SitePaths) -> PhotoValues {
        ImageContexts.photo(
            images.posts[index][number], alt: site.posts[index].photos[number].alt,
            originalURL: images.originalPhotoFiles[index].map { paths.url(file: $0[number]) }, paths: paths)
    }

    /// Every photo of a post as its page shows them: the first loads eagerly, the rest lazily.
    func slides(ofPost index: Int) -> [SlideValues] {
        let count = site.posts[index].photos.count
        return (0..<count).map { number in
            let photo = number == 0 ? photos[index].eager : Self.photo(number, ofPost: index, site: site, images: images, paths: paths).loading(eager: false)
            let details = site.settings.showCameraDetails ? photo.camera.flatMap { CameraValues($0, localizer: localizer) } : nil
            return SlideValues(
                photo: photo, number: number + 1,
                label: localizer.text(.photoPosition, ["number": localizer.number(number + 1), "count": localizer.number(count)]), camera: details)
        }
    }

    /// What a timeline cell showed: photo, author, likes and comments, and the way in.
    package func card(_ index: Int, position: Int) -> CardValues {
        let id = site.posts[index].id
        let eager = position < Self.eagerImageCount
        return CardValues(
            id: id.rawValue, url: paths.url(paths.post(id)), photo: photo(ofPost: index, eager: eager),
            author: author(ofPost: index), date: dates[index], captionHTML: captionHTML[index], captionText: captionText[index],
            photoCount: site.posts[index].photos.count, likeCount: site.posts[index].likes.count, commentCount: site.posts[index].comments.count,
            localizer: localizer, extra: site.posts[index].extra.templateValue,
            fragmentKey: timelines.isOnATimeline[index] ? index * 2 + (eager ? 1 : 0) : nil)
    }

    /// A hashtag's name, count and links.
    func tagValues(_ index: Int) -> TagValues {
        let tag = site.tags.tags[index]
        return TagValues(
            name: tag.spelling, key: tag.key, url: paths.url(paths.tag(tag.key)), postCount: tag.posts.count,
            postsLabel: localizer.count(.photos, tag.posts.count), atomURL: sharing.url(of: .tag(index)))
    }

    func pagination(_ pagination: Pagination, page: Int, location: (Int) -> SitePaths.Location) -> PaginationValues {
        PaginationValues(
            pageNumber: page, pageCount: pagination.pageCount,
            previousURL: page > 1 ? paths.url(location(page - 1)) : nil,
            nextURL: page < pagination.pageCount ? paths.url(location(page + 1)) : nil)
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
