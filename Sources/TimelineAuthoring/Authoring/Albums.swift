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
        let title = try Self.albumTitle(request.title)
        let posts = try albumPosts(request.posts, of: username)
        let cover = try request.cover.map { raw throws(AuthoringError) in try Self.albumCover(raw, among: posts, at: nil) }
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

    /// What `timeline edit album` asks for; what is not given stays as it is.
    public struct EditAlbum: Sendable {
        public var username: String
        public var slug: String
        /// Post IDs to add after the album's others, in this order.
        public var add: [String]
        /// Post IDs to take out.
        public var remove: [String]
        /// Every post the album keeps (after `add` and `remove`), in the new order.
        public var order: [String]?
        public var title: String?
        /// A post of the album; "" for none (its newest then stands for it).
        public var cover: String?
        /// Markdown; "" removes it.
        public var description: String?

        public init(
            username: String, slug: String, add: [String] = [], remove: [String] = [], order: [String]? = nil, title: String? = nil,
            cover: String? = nil, description: String? = nil
        ) {
            self.username = username
            self.slug = slug
            self.add = add
            self.remove = remove
            self.order = order
            self.title = title
            self.cover = cover
            self.description = description
        }
    }

    /// Rewrites `albums/<username>/<slug>.md` with the changes asked for; every other value kept.
    public func editAlbum(_ request: EditAlbum) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let (username, slug) = (request.username, request.slug)
        let file = try folder.requireAlbum(owner: username, slug: slug)
        let shown = folder.display(file)
        let album = try folder.readAlbum(owner: username, slug: slug)
        var markdown = AlbumMarkdown(album)
        for raw in request.remove {
            guard let id = ContentID(raw), markdown.posts.contains(id) else {
                throw AuthoringError(.invalidArgument, at: SourceLocation(path: shown), "--remove: post '\(raw)' is not in the album")
            }
            markdown.posts.removeAll { $0 == id }
            if markdown.cover == id { markdown.cover = nil }
        }
        for id in try albumPosts(request.add, of: username, allowingNone: true) {
            guard !markdown.posts.contains(id) else {
                throw AuthoringError(.invalidArgument, at: SourceLocation(path: shown), "--add: post '\(id)' is in the album already")
            }
            markdown.posts.append(id)
        }
        if let order = request.order {
            let ids = order.compactMap(ContentID.init)
            guard ids.count == order.count, ids.count == markdown.posts.count, Set(ids) == Set(markdown.posts) else {
                throw AuthoringError(
                    .invalidArgument, at: SourceLocation(path: shown), "--order must name each of the album's \(markdown.posts.count) posts once")
            }
            markdown.posts = ids
        }
        guard !markdown.posts.isEmpty else {
            throw AuthoringError(
                .invalidArgument, at: SourceLocation(path: shown),
                "an album keeps at least one post; delete it with 'timeline delete album --user \(username) \(slug)'")
        }
        if let title = request.title { markdown.title = try Self.albumTitle(title) }
        if let rawCover = request.cover {
            markdown.cover = rawCover.isEmpty ? nil : try Self.albumCover(rawCover, among: markdown.posts, at: SourceLocation(path: shown))
        }
        if let description = request.description { markdown.description = Self.nonBlank(description) }
        guard markdown != AlbumMarkdown(album) else {
            return AuthoringResult("Album \(slug) of \(username) is so already: \(shown)", id: slug, path: shown, changed: false)
        }
        let transaction = folder.transaction()
        try transaction.write(file, bytes: markdown.fileBytes)
        let warnings = try transaction.commit { folder.verifyAlbum(owner: username, slug: slug) }
        return AuthoringResult("Updated album \(slug) of \(username): \(shown)", id: slug, path: shown, warnings: warnings)
    }

    /// `--cover`: one of the album's `posts`.
    static func albumCover(_ raw: String, among posts: [ContentID], at location: SourceLocation?) throws(AuthoringError) -> ContentID {
        guard let id = ContentID(raw), posts.contains(id) else {
            throw AuthoringError(.invalidArgument, at: location, "--cover must be one of the album's posts, found '\(raw)'")
        }
        return id
    }

    /// A title as an album holds it: trimmed, one line of 1 to 200 characters.
    static func albumTitle(_ text: String) throws(AuthoringError) -> String {
        let title = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty, !title.contains(where: \.isNewline), title.count <= Album.maximumTitleCharacters else {
            throw AuthoringError(.invalidArgument, "--title must be one line of 1 to \(Album.maximumTitleCharacters) characters")
        }
        return title
    }

    /// Removes `albums/<username>/<slug>.md`; the posts it held stay.
    public func deleteAlbum(username: String, slug: String) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let file = try folder.requireAlbum(owner: username, slug: slug)
        let transaction = folder.transaction()
        try transaction.remove(file)
        try transaction.commit()
        return AuthoringResult("Deleted album \(slug) of \(username): \(folder.display(file))", id: slug, path: folder.display(file))
    }

    /// The posts of a new album, checked: each an existing post, once, by `username` or by
    /// someone they follow.
    private func albumPosts(_ rawIDs: [String], of username: String, allowingNone: Bool = false) throws(AuthoringError) -> [ContentID] {
        if rawIDs.isEmpty {
            guard allowingNone else { throw AuthoringError(.invalidArgument, "name one or more posts for the album") }
            return []
        }
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
    /// and digits lower-cased, every other run of characters one `-`, at most 56 (room for a
    /// number after it); `album` when nothing is left; `-2`, `-3`… after it when
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

    /// The file of an existing album of an existing user; else an error with a "did you mean"
    /// hint.
    func requireAlbum(owner username: String, slug: String) throws(AuthoringError) -> String {
        try requireUser(username)
        let file = ContentLayout.albumFile(owner: username, slug: slug)
        guard ContentID.isValid(slug), FileSystem.kind(of: absolute(file)) == .file else {
            let hint = Suggestion.closest(to: slug, among: albumSlugs(of: username)).map { "; did you mean '\($0)'?" } ?? ""
            throw AuthoringError(.unknownAlbum, "\(username) has no album '\(slug)': there is no \(display(file))\(hint)")
        }
        return file
    }

    /// An album, after checking that its file reads without errors.
    func readAlbum(owner username: String, slug: String) throws(AuthoringError) -> Album {
        let (album, diagnostics) = readAlbumFile(owner: username, slug: slug)
        guard let album, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw AuthoringError(
                .invalidContent, at: SourceLocation(path: display(ContentLayout.albumFile(owner: username, slug: slug))),
                "fix this album first; it was left as it is",
                diagnostics: diagnostics)
        }
        return album
    }

    /// An album file read by the loader's rules: the album, or nil, and the findings.
    func readAlbumFile(owner username: String, slug: String) -> (Album?, [Diagnostic]) {
        AlbumReader.read(owner: username, slug: slug, in: location)
    }

    /// The slugs of a user's albums.
    func albumSlugs(of username: String) -> [String] {
        ((try? FileSystem.entries(of: absolute(ContentLayout.albumOwnerFolder(username)))) ?? [])
            .filter(ContentLayout.isAlbumFileName).map(ContentLayout.slug(ofAlbumFileNamed:))
    }

    /// The loader's findings on an album file.
    func verifyAlbum(owner: String, slug: String) -> [Diagnostic] {
        readAlbumFile(owner: owner, slug: slug).1
    }
}
