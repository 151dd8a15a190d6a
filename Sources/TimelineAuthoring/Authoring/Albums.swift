import Foundation
import TimelineContent
import TimelineModel
import TimelineSystem

extension ContentAuthor {
    /// What `timeline new album` asks for. Blank texts count as absent.
    public struct NewAlbum: Sendable {
        public var username: String
        public var title: String
        /// Post IDs, in the album's order: the user's posts and those of the people they follow.
        public var posts: [String]
        /// The album's address under its owner; without it, made from the title.
        public var slug: String?
        /// One of `posts`; without it, the album's newest post stands for it.
        public var cover: String?
        /// Markdown.
        public var description: String?

        public init(username: String, title: String, posts: [String], slug: String? = nil, cover: String? = nil, description: String? = nil) {
            self.username = username
            self.title = title
            self.posts = posts
            self.slug = slug
            self.cover = cover
            self.description = description
        }
    }

    /// Creates `albums/<username>/<slug>.md`.
    public func newAlbum(_ request: NewAlbum) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let username = request.username
        try folder.requireUser(username)
        let title = request.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty, !title.contains(where: \.isNewline), title.count <= Album.maximumTitleCharacters else {
            throw AuthoringError(.invalidArgument, "--title must be one line of 1 to \(Album.maximumTitleCharacters) characters")
        }
        let posts = try albumPosts(request.posts, of: username)
        var cover: ContentID?
        if let rawCover = request.cover {
            guard let id = ContentID(rawCover), posts.contains(id) else {
                throw AuthoringError(.invalidArgument, "--cover must be one of the album's posts, found '\(rawCover)'")
            }
            cover = id
        }
        let taken = folder.albumSlugs(of: username)
        let slug: String
        if let requested = request.slug {
            guard ContentID.isValid(requested) else {
                throw AuthoringError(.invalidArgument, "--slug must be 1 to 64 letters, digits, '-' or '_', found '\(requested)'")
            }
            slug = requested
        } else {
            slug = Self.slug(forTitle: title, avoiding: taken)
        }
        let file = ContentLayout.albumFile(owner: username, slug: slug)
        if let same = taken.first(where: { $0.lowercased() == slug.lowercased() }) {
            throw AuthoringError(
                .alreadyExists, at: SourceLocation(path: folder.display(file)),
                "\(username) has an album '\(same)' already: slugs must differ in more than case; choose another with --slug")
        }
        let markdown = AlbumMarkdown(title: title, cover: cover, posts: posts, description: Self.nonBlank(request.description))
        let transaction = folder.transaction()
        try transaction.create(file, bytes: markdown.fileBytes)
        let warnings = try transaction.commit { folder.verifyAlbum(owner: username, slug: slug) }
        return AuthoringResult("Created album \(slug) of \(username): \(folder.display(file))", id: slug, path: folder.display(file), warnings: warnings)
    }

    /// Removes `albums/<username>/<slug>.md`; the posts it held stay.
    public func deleteAlbum(username: String, slug: String) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        try folder.requireUser(username)
        let file = ContentLayout.albumFile(owner: username, slug: slug)
        guard ContentID.isValid(slug), folder.exists(file) else {
            let hint = Suggestion.closest(to: slug, among: folder.albumSlugs(of: username)).map { "; did you mean '\($0)'?" } ?? ""
            throw AuthoringError(.unknownAlbum, "\(username) has no album '\(slug)': there is no \(folder.display(file))\(hint)")
        }
        let transaction = folder.transaction()
        try transaction.remove(file)
        try transaction.commit()
        return AuthoringResult("Deleted album \(slug) of \(username): \(folder.display(file))", id: slug, path: folder.display(file))
    }

    /// The posts of a new album, checked: each an existing post, once, by `username` or by
    /// someone they follow.
    private func albumPosts(_ rawIDs: [String], of username: String) throws(AuthoringError) -> [ContentID] {
        guard !rawIDs.isEmpty else { throw AuthoringError(.invalidArgument, "name one or more posts for the album") }
        let follows = Set(try folder.readUser(username).follows)
        var posts: [ContentID] = []
        for raw in rawIDs {
            let id = try folder.requirePost(raw)
            guard !posts.contains(id) else { throw AuthoringError(.invalidArgument, "post '\(raw)' is named twice: an album lists each post once") }
            let author = try folder.postAuthor(id)
            guard author == username || follows.contains(author) else {
                throw AuthoringError(
                    .invalidArgument,
                    "post '\(raw)' is by \(author), whom \(username) does not follow: an album holds its owner's posts and those of the people they follow")
            }
            posts.append(id)
        }
        return posts
    }

    /// A slug from a title: its letters without their accents (`é` as `e`), its ASCII letters
    /// and digits lower-cased, every other run of
    /// characters one `-`, at most 64; `album` when nothing is left; `-2`, `-3`… after it when
    /// the owner has that slug already (ignoring case).
    static func slug(forTitle title: String, avoiding taken: [String]) -> String {
        var slug = ""
        for scalar in title.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        slug = String(slug.prefix(56))
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.isEmpty { slug = "album" }
        let folded = Set(taken.map { $0.lowercased() })
        var candidate = slug
        var number = 2
        while folded.contains(candidate) {
            candidate = slug + "-\(number)"
            number += 1
        }
        return candidate
    }
}

extension ContentFolder {
    /// The username of a post's author, after checking that its folder loads without errors.
    func postAuthor(_ id: ContentID) throws(AuthoringError) -> String {
        let (post, diagnostics) = PostReader(assets: assets).read(id: id, folder: ContentLayout.postFolder(id))
        guard let post, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw AuthoringError(
                .invalidContent, at: SourceLocation(path: display(ContentLayout.file(.post, ofPost: id))), "fix this post first; it was left as it is",
                diagnostics: diagnostics)
        }
        return post.author.username
    }

    /// The slugs of a user's albums.
    func albumSlugs(of username: String) -> [String] {
        ((try? FileSystem.entries(of: absolute(ContentLayout.albumOwnerFolder(username)))) ?? [])
            .filter(ContentLayout.isAlbumFileName).map(ContentLayout.slug(ofAlbumFileNamed:))
    }

    /// The loader's findings on an album file.
    func verifyAlbum(owner: String, slug: String) -> [Diagnostic] {
        let file = ContentLayout.albumFile(owner: owner, slug: slug)
        do {
            let source = SourceFile(path: display(file), bytes: try FileSystem.readBytes(absolute(file)))
            let reference = UserReference(username: owner, location: SourceLocation(path: display(ContentLayout.albumOwnerFolder(owner))))
            return AlbumReader.read(source, owner: reference, slug: slug).1
        } catch {
            return [.error(.unreadableFile, stage: .load, at: SourceLocation(path: display(file)), "cannot read: \(error.reason)")]
        }
    }
}
