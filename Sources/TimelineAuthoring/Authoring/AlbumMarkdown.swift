import TimelineContent
import TimelineModel
import TimelineSystem

/// `albums/<username>/<slug>.md` as the authoring commands write it: front matter in the
/// loader's key order (`title`, `cover`, `posts`), then the description.
package struct AlbumMarkdown: Sendable, Equatable {
    package var title: String
    package var cover: ContentID?
    package var posts: [ContentID]
    /// Markdown; nil or blank for none.
    package var description: String?

    package init(title: String, cover: ContentID?, posts: [ContentID], description: String?) {
        self.title = title
        self.cover = cover
        self.posts = posts
        self.description = description
    }

    package init(_ album: Album) {
        self.init(title: album.title, cover: album.cover?.id, posts: album.posts.map(\.id), description: album.description)
    }

    var fileBytes: [UInt8] {
        var text = "---\ntitle: \(YAMLScalar.text(title))\n"
        if let cover { text += "cover: \(YAMLScalar.text(cover.rawValue))\n" }
        text += "posts:\n"
        for post in posts { text += "  - \(YAMLScalar.text(post.rawValue))\n" }
        text += "---\n"
        text += PostFile.captionText(description ?? "")
        return Array(text.utf8)
    }
}

extension ContentFolder {
    /// Every album file that reads without an error, with its path relative to the content
    /// folder, in the order of the paths: of `owner` only, when given; with `naming`, only the
    /// files whose bytes hold one of those IDs (the others are not parsed: `delete post` on a
    /// site of 10,000 albums reads them all, and the post is in a few).
    func albums(of owner: String? = nil, naming posts: Set<ContentID>? = nil) -> [(file: String, album: Album)] {
        var found: [(file: String, album: Album)] = []
        let needles = posts.map { $0.map { Array($0.rawValue.utf8) } }
        let owners = owner.map { [$0] } ?? (try? FileSystem.entries(of: absolute(ContentLayout.albumsFolder))) ?? []
        for owner in owners where !owner.hasPrefix(".") {
            let names = (try? FileSystem.entries(of: absolute(ContentLayout.albumOwnerFolder(owner)))) ?? []
            for name in names where ContentLayout.isAlbumFileName(name) {
                let slug = ContentLayout.slug(ofAlbumFileNamed: name)
                let file = ContentLayout.albumFile(owner: owner, slug: slug)
                guard let bytes = try? FileSystem.readBytes(absolute(file)) else { continue }
                if let needles, !needles.contains(where: { bytes.contains(bytes: $0) }) { continue }
                if let album = AlbumReader.read(owner: owner, slug: slug, bytes: bytes, in: location).0 { found.append((file, album)) }
            }
        }
        return found
    }

    /// Takes `posts` out of every album `including` accepts that lists any of them, in
    /// `transaction`: an album left with no post is removed, and one whose cover went falls
    /// back to its newest post. Returns the albums changed, as content paths.
    func removeFromAlbums(
        _ posts: Set<ContentID>, including: (Album) -> Bool = { _ in true }, in transaction: ContentTransaction
    ) throws(AuthoringError) -> [String] {
        try removeFromAlbums(posts, of: albums(naming: posts).filter { including($0.album) }, in: transaction)
    }

    /// Takes `posts` out of `albums` (as `albums()` reads them), in `transaction`.
    private func removeFromAlbums(
        _ posts: Set<ContentID>, of albums: [(file: String, album: Album)], in transaction: ContentTransaction
    ) throws(AuthoringError) -> [String] {
        var changed: [String] = []
        for (file, album) in albums where album.posts.contains(where: { posts.contains($0.id) }) {
            var markdown = AlbumMarkdown(album)
            markdown.posts.removeAll { posts.contains($0) }
            if let cover = markdown.cover, posts.contains(cover) { markdown.cover = nil }
            if markdown.posts.isEmpty {
                try transaction.remove(file)
            } else {
                try transaction.write(file, bytes: markdown.fileBytes)
            }
            changed.append(file)
        }
        return changed
    }

    /// Takes the posts by `author` out of `owner`'s albums, in `transaction` (when `owner` no
    /// longer follows them, an album of theirs may not hold them).
    func removePosts(by author: String, fromAlbumsOf owner: String, in transaction: ContentTransaction) throws(AuthoringError) -> [String] {
        let owned = albums(of: owner)
        var posts = Set<ContentID>()
        for (_, album) in owned {
            for post in album.posts where (try? postAuthor(post.id)) == author { posts.insert(post.id) }
        }
        return try removeFromAlbums(posts, of: owned, in: transaction)
    }
}
