import TimelineContent
import TimelineModel
import TimelineSite

/// The albums after an edit: those of the owners whose album folders the change set reached,
/// read again, with every other album the site had, all linked again against the site as the
/// edit leaves it, so that an album still naming a post taken away, an unfollowed user's post
/// or a renamed owner is the whole pass's error to report. What that reaches:
///
/// - each album that came, went or changed (its title, description, cover or posts): all its
///   pages (a post in or out moves the ones after it) and its feed, the sitemap when its pages
///   came or went, and the pages of the posts it took in or let go, which list their albums;
/// - an album that came or went: its owner's list of albums and profile;
/// - every page that read a field of an album's values that changed (`ValueKey.album`, watched
///   by `EditBuild.watchedValues`), and the feeds of an edited user's albums (their author).
///
/// A list of albums is a list whose items an edit moves, as a tag's posts are (`TagPlacement`):
/// that is the only code albums have here.
struct EditedAlbums {
    /// The owners whose albums were read again, by their folders' names; nil for every owner.
    let owners: Set<String>?
    /// Their albums as read now.
    let read: [Album]

    /// The albums of the owners whose folders `records` reached, read now (none read when it
    /// reached none: the site's albums are linked again as they are); nil when one reads with
    /// a problem, or the site has a warning about one of those folders: a whole pass reports it.
    static func plan(_ records: EditBuild.ChangedRecords, built: BuiltSite) -> EditedAlbums? {
        guard records.touchesAlbums else { return EditedAlbums(owners: [], read: []) }
        let content = built.options.layout.content
        guard let loader = AlbumFolderLoader(contentFolder: content) else { return nil }
        var diagnostics = DiagnosticList()
        let owners = records.everyAlbumOwner ? nil : records.albumOwners
        let read = loader.loadNow(owners: owners.map { $0.sorted() } ?? loader.owners(into: &diagnostics), into: &diagnostics)
        let folders = (owners.map { Array($0) } ?? [""]).map { content.appending(ContentLayout.albumOwnerFolder($0)).shown }
        guard diagnostics.all.isEmpty,
            !built.warnings.contains(where: { warning in folders.contains { warning.location.path.hasPrefix($0) } })
        else { return nil }
        return EditedAlbums(owners: owners, read: read)
    }

    /// Whether `album` is one of those read again.
    func wasRead(_ album: Album) -> Bool {
        owners?.contains(album.owner.username) ?? true
    }

    /// Links the albums again against `next`'s site and puts them in place, adding what that
    /// reaches to `reach`; false when one no longer links.
    func apply(to next: inout BuiltSite, editedUsers: [String], reach: inout EditBuild.EditReach) -> Bool {
        let before = next.site
        let paths = next.contexts.paths
        // The album pages and feeds reached so far are named by the albums' indexes, which
        // linking again may move: they are kept as files, named again after the edit.
        reach.addByFile(reach.pages.filter(\.isAlbum), reach.feeds.filter(\.isAlbum), in: before, paths: paths)
        reach.pages.removeAll(where: \.isAlbum)
        reach.feeds.removeAll(where: \.isAlbum)
        var diagnostics = DiagnosticList()
        let albums = AlbumLinker.link(
            before.albums.filter { !wasRead($0) } + read, in: before, resolver: before.exactResolver, diagnostics: &diagnostics)
        guard diagnostics.all.isEmpty else { return false }
        next.contexts.replaceAlbums(albums)
        let site = next.site

        var oldIndex: [AlbumName: Int] = [:]
        for (index, album) in before.albums.enumerated() { oldIndex[AlbumName(album)] = index }
        var pages: [Page] = []
        var feeds: [FeedFile] = []
        var changesSitemap = false
        var postsMoved = Set<ContentID>()
        var ownersChanged = Set<String>()
        for (index, album) in site.albums.enumerated() {
            let name = AlbumName(album)
            let old = oldIndex.removeValue(forKey: name).map { before.albums[$0] }
            guard old.map({ !Self.shows($0, as: album) }) ?? true else { continue }
            let pageSize = site.settings.pageSize
            let paging = Page.albumPaging(album, pageSize: pageSize)
            pages += paging.pages.map { .album(index, page: $0) }
            feeds.append(.album(index))
            let postsBefore = Set(old?.posts.map(\.id) ?? [])
            postsMoved.formUnion(postsBefore.symmetricDifference(album.posts.map(\.id)))
            if let old {
                changesSitemap = changesSitemap || Page.albumPaging(old, pageSize: pageSize).pages != paging.pages
            } else {
                changesSitemap = true
                ownersChanged.insert(album.owner.username)
            }
        }
        // The albums that went.
        for (name, index) in oldIndex {
            reach.retired.append(FeedFile.album(index).file(in: before))
            postsMoved.formUnion(before.albums[index].posts.map(\.id))
            ownersChanged.insert(name.owner)
            changesSitemap = true
        }
        pages += postsMoved.compactMap(site.postIndex(of:)).map { .post($0) }
        for owner in ownersChanged {
            guard let user = site.userIndex(named: owner) else { continue }
            pages.append(.profile(user: user, page: Pagination.front))
            if !site.albums(ofUserNamed: owner).isEmpty { pages.append(.albums(user: user)) }
        }
        feeds += editedUsers.flatMap(site.albums(ofUserNamed:)).map { .album($0) }
        reach.add(pages, feeds, retired: [], changesSitemap: changesSitemap)
        return true
    }

    /// Whether `new` shows as `old` did: the same title, description, cover and posts in order.
    private static func shows(_ old: Album, as new: Album) -> Bool {
        old.title == new.title && old.description == new.description && old.cover?.id == new.cover?.id
            && old.posts.map(\.id) == new.posts.map(\.id)
    }

    /// An album's name on the site: its owner and slug.
    private struct AlbumName: Hashable {
        let owner: String
        let slug: String

        init(_ album: Album) {
            owner = album.owner.username
            slug = album.slug
        }
    }
}

extension Page {
    fileprivate var isAlbum: Bool {
        if case .album = self { true } else { false }
    }
}

extension FeedFile {
    fileprivate var isAlbum: Bool {
        if case .album = self { true } else { false }
    }
}
