import TimelineContent
import TimelineModel
import TimelineSite

/// The values pages share (`ValueKey`) that an edit may change, each with its field digests
/// before the edit. After it, `changes` says which fields of which values changed: the pages
/// that read one of those (`PageReads`) are the pages the change reaches through shared values,
/// whatever the theme shows where. A value that did not change reaches nothing.
struct ValueWatch {
    /// Each watched value's field digests before the edit; nil for one the site did not have.
    private let before: [ValueKey: [UInt64]?]

    init(_ keys: Set<ValueKey>, in contexts: PageContexts) {
        before = Dictionary(uniqueKeysWithValues: keys.map { key in (key, contexts.value(key).map(ValueKey.fieldDigests(of:))) })
    }

    /// Each watched value whose fields differ in `contexts`, as a render records its key, with
    /// the mask of the fields that changed; every field of one that came or went.
    func changes(in contexts: PageContexts) -> [UInt64: UInt64] {
        var changed: [UInt64: UInt64] = [:]
        for (key, old) in before {
            let mask = ValueKey.changedFields(old, contexts.value(key).map(ValueKey.fieldDigests(of:)))
            if mask != 0 { changed[key.recorded] = mask }
        }
        return changed
    }
}

extension EditBuild {
    /// The shared values this edit may change, named before it (`site`): the site's values; the
    /// card of each edited post, its tags before and after and the albums that hold it (its
    /// photo may be their cover); each edited or added user, and everyone they follow or
    /// followed; those its record changes name (`RecordChange.watchedValues`); and the albums
    /// linked again (`EditedAlbums`): those read again, or every album when records came, went
    /// or changed (a description's mention links to a user only while there is one).
    func watchedValues(in site: LinkedSite) -> Set<ValueKey> {
        var keys: Set<ValueKey> = [.site]
        func tags(ofPost index: Int) -> [ValueKey] {
            site.tags.tags(ofPost: index).map { .tag(key: site.tags.tags[$0].key) }
        }
        func user(_ reference: String) -> ValueKey {
            .user(username: site.userIndex(named: reference).map { site.users[$0].username } ?? reference)
        }
        func album(_ index: Int) -> ValueKey {
            .album(owner: site.albums[index].owner.username, slug: site.albums[index].slug)
        }
        for (index, post) in edited {
            keys.insert(.card(post: post.id))
            keys.formUnion(tags(ofPost: index))
            keys.formUnion(site.albums(holding: post.id).map(album))
        }
        if let albums {
            let linkedAgain =
                recordChanges.isEmpty && editedUsers.isEmpty ? site.albums.indices.filter { albums.wasRead(site.albums[$0]) } : Array(site.albums.indices)
            keys.formUnion(linkedAgain.map(album))
        }
        for tags in tagsOfEdited.values { keys.formUnion(tags.map { .tag(key: $0.key) }) }
        for change in recordChanges { keys.formUnion(change.watchedValues(in: site)) }
        for edit in editedUsers.values {
            let username = edit.user.username
            keys.insert(.user(username: username))
            keys.formUnion(edit.user.follows.map { user($0.username) })
            // A new user is not in `site` yet, and follows no one there.
            if let index = site.userIndex(named: username) {
                keys.formUnion(site.following[index].map { .user(username: site.users[$0].username) })
            }
        }
        return keys
    }
}
