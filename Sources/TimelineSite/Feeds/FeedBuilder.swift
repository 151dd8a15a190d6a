import TimelineContent
import TimelineModel
import TimelineTemplates

/// Builds each Atom feed of the site from lists the earlier stages already made: the site's
/// posts, a user's posts and a user's timeline are index lists, newest first, so a feed is
/// their first `feedEntries` items; a comments feed is the last comments of one post. No feed
/// looks at more than its own entries.
///
/// IDs: a post entry's ID is the post page's absolute URL, a comment entry's the URL of the
/// comment on that page (`…/p/<id>/#comment-<comment id>`), a feed's its own URL. They come
/// from the base URL and content IDs only, never from the build (see docs/feeds.md).
///
/// Dates: a record without a date of its own (an ID that is not a push ID, no front matter
/// `date`) has no `published`, and as `updated` the latest date of the records before it in
/// ID order (older posts; a comment's post and older comments), since IDs sort by creation;
/// with none, the Unix epoch. Never the clock, so builds are reproducible.
package struct FeedBuilder: Sendable {
    static let unknownDate: Int64 = 0

    /// The site, its timelines and the captions rendered once for the pages.
    package let contexts: PageContexts
    package let baseURL: String
    /// Per post, its date, or for a post without one the latest date of the older posts.
    let postDates: [Int64]

    /// Nil without a base URL: a feed must hold absolute URLs only.
    package init?(contexts: PageContexts) {
        guard let baseURL = contexts.paths.baseURL else { return nil }
        self.contexts = contexts
        self.baseURL = baseURL
        // Posts are newest first: walk from the oldest, carrying the latest date seen.
        let ownDates = contexts.postDates
        var dates = [Int64](repeating: Self.unknownDate, count: ownDates.count)
        var latest = Self.unknownDate
        for index in dates.indices.reversed() {
            if let date = ownDates[index] { latest = max(latest, date) }
            dates[index] = ownDates[index] ?? latest
        }
        postDates = dates
    }

    private var site: LinkedSite { contexts.site }
    private var paths: SitePaths { contexts.paths }
    private var entryLimit: Int { site.settings.feedEntries }

    package func feed(_ file: FeedFile) -> AtomFeed {
        let selfURL = baseURL + file.urlPath(in: site)
        var updatedWhenEmpty = Self.unknownDate
        var author: AtomFeed.Person?
        let entries: [AtomFeed.Entry]
        switch file {
        case .site:
            entries = site.posts.indices.prefix(entryLimit).map(postEntry)
        case .posts(let user):
            entries = site.postsByUser[user].prefix(entryLimit).map(postEntry)
            author = person(user)
        case .timeline(let user):
            entries = contexts.timelines.feeds[user].prefix(entryLimit).map(postEntry)
        case .comments(let post):
            entries = commentEntries(post)
            updatedWhenEmpty = postDates[post]
        case .tag(let index):
            entries = site.tags.tags[index].posts.prefix(entryLimit).map(postEntry)
        case .album(let index):
            // Newest first, as every feed: a post added to the album is new to a reader when it is newer.
            entries = site.postIndexes(ofAlbum: index).sorted().prefix(entryLimit).map(postEntry)
            author = site.userIndex(named: site.albums[index].owner.username).map(person)
        }
        return AtomFeed(
            id: selfURL, title: file.title(in: site, localizer: contexts.localizer), subtitle: file == .site ? site.settings.description : nil,
            language: site.settings.language, selfURL: selfURL, alternateURL: absolute(file.page(in: site, paths: paths)),
            author: author, entries: entries, updatedWhenEmpty: updatedWhenEmpty)
    }

    private func absolute(_ location: SitePaths.Location) -> String { baseURL + location.urlFolder }

    private func person(_ user: Int) -> AtomFeed.Person {
        let user = site.users[user]
        return AtomFeed.Person(name: user.displayName, uri: absolute(paths.profile(user.username)))
    }

    private func postEntry(_ index: Int) -> AtomFeed.Entry {
        let (id, kind, published) = site.posts.withRecord(at: index) { ($0.pointee.id, GeneratedText.title(opening: $0.pointee.firstPhoto), $0.pointee.date) }
        let url = absolute(paths.post(id))
        let photos = contexts.sharing.photos.sharedPhotos(ofPost: index).map {
            AtomFeed.Photo(url: baseURL + $0.file, file: $0, videoURL: $0.video.map { baseURL + $0.outputFile })
        }
        let author = site.postAuthor[index]
        let caption = contexts.captionText(ofPost: index).flatMap { $0.isEmpty ? nil : $0 }
        return AtomFeed.Entry(
            id: url, title: caption ?? contexts.localizer.text(kind, ["name": site.users[author].displayName]), alternateURL: url,
            published: published,
            updated: postDates[index], author: person(author),
            contentHTML: EntryHTML.photos(photos, captionHTML: contexts.captionHTML(ofPost: index)), contentBase: url, photo: photos.first)
    }

    /// The newest comments first.
    private func commentEntries(_ index: Int) -> [AtomFeed.Entry] {
        let (id, comments) = site.posts.withRecord(at: index) { ($0.pointee.id, $0.pointee.comments) }
        let postURL = absolute(paths.post(id))
        // Comments are oldest first: carry the latest date seen, from the post's on.
        var latest = postDates[index]
        let dates = comments.map { comment in
            if let date = comment.date { latest = max(latest, date) }
            return comment.date ?? latest
        }
        let shown = comments.indices.suffix(entryLimit).reversed()
        return shown.map { position in
            let comment = comments[position]
            let url = postURL + "#comment-" + comment.id.rawValue
            let authorIndex = site.userIndex(named: comment.author.username)
            let author = authorIndex.map(person) ?? AtomFeed.Person(name: comment.author.username, uri: nil)
            let authorName = authorIndex.map { site.users[$0].displayName } ?? comment.author.username
            return AtomFeed.Entry(
                id: url, title: contexts.localizer.text(.commentEntryTitle, ["name": authorName]), alternateURL: url, published: comment.date,
                updated: dates[position], author: author, contentHTML: Markdown.html(comment.text),
                contentBase: postURL, photo: nil)
        }
    }
}
