import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem

/// What an edit changes in the search index: the edited posts' and users' terms and cards, a
/// post taken out, a user put in or taken out, the albums made again.
extension EditBuild {
    /// What the search index needs after an edit: the terms before it of each edited post, the
    /// number of a post taken out, and what an edit of users changed.
    struct SearchEdit {
        var oldTerms: [Int: Set<String>]
        var removedNumber: Int?
        /// The index of a new user, whose search number is theirs.
        var insertedUser: Int?
        /// The index a user taken out had, which was their search number.
        var removedUser: Int?
        var users: UserSearchEdit?
        /// Whether the album collection is made again whole (`SearchIndex.remake`): an album, or
        /// something an album's card shows (its cover, its owner's name), may have changed.
        var remakesAlbums = false
    }

    /// What the search index needs after an edit of users: the terms before it of each user
    /// whose values changed, and the posts whose cards show a name that changed.
    struct UserSearchEdit {
        var oldTerms: [Int: Set<String>]
        var renamedPosts: [Int] = []
    }

    /// The post collection's index with the edited posts' terms and cards changed (and a post
    /// taken out), the user collection's with the edited users', the album collection's made
    /// again, and the manifest when that changed it.
    func writeSearch(_ next: inout BuiltSite, _ search: SearchEdit, to output: OutputRecorder) async throws(SiteFiles.Failure) -> (
        removed: [String], manifestChanged: Bool
    ) {
        var postTerms = search.oldTerms
        for post in search.users?.renamedPosts ?? [] where postTerms[post] == nil {
            postTerms[post] = SiteSearchCollections.postTerms(ofPost: post, in: next.site)
        }
        let posts = SiteSearchCollections.posts(images: next.images, contexts: next.contexts)
        var edits: [(changes: CollectionIndex.Changes, manifestChanged: Bool)] = []
        if let number = search.removedNumber { edits.append(next.search.removeDocument(number, in: posts)) }
        if !postTerms.isEmpty { edits.append(next.search.replaceDocuments(postTerms.keys.sorted(), oldTerms: postTerms, in: posts)) }
        let userCollection = SiteSearchCollections.users(site: next.site, images: next.images, paths: next.contexts.paths)
        // A renamed user is taken out at their old number and put in at their new one.
        if let user = search.removedUser { edits.append(next.search.removeDocument(user, in: userCollection)) }
        if let user = search.insertedUser { edits.append(next.search.insertDocument(at: user, in: userCollection)) }
        if let users = search.users, !users.oldTerms.isEmpty {
            let collection = userCollection
            edits.append(next.search.replaceDocuments(users.oldTerms.keys.sorted(), oldTerms: users.oldTerms, in: collection))
        }
        if search.remakesAlbums {
            do throws(FileSystem.Failure) {
                let albums = SiteSearchCollections.albums(images: next.images, contexts: next.contexts)
                edits.append(try await next.search.remake(albums) { file throws(FileSystem.Failure) in try output.file(file.path, bytes: file.bytes) })
            } catch {
                throw SiteFiles.Failure(diagnostics: [.fileSystem(error, stage: .search)])
            }
        }
        // A file the first collection's edit wrote may be replaced by the second's (the manifest).
        var files: [String: [UInt8]] = [:]
        var removed = Set<String>()
        var manifestChanged = false
        for (changes, changedManifest) in edits {
            for file in changes.files {
                files[file.path] = file.bytes
                removed.remove(file.path)
            }
            for path in changes.removed {
                files[path] = nil
                removed.insert(path)
            }
            manifestChanged = manifestChanged || changedManifest
        }
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) { try output.file(path, bytes: bytes, stage: .search) }
        return (removed.sorted().filter { next.manifest[$0] != nil }, manifestChanged)
    }
}
