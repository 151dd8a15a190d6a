import Foundation

/// A whole site as values, for the incremental-build property test: random edits change the
/// model, and `sync` makes the site folder match it by writing only the files whose bytes
/// differ and deleting those that are gone, as a person editing files would.
package struct SiteModel {
    package struct User {
        package var username: String
        package var name: String?
        package var bio: String?
        package var follows: [String]
        package var avatar: Avatar? = nil

        package init(username: String, name: String?, bio: String?, follows: [String], avatar: Avatar? = nil) {
            self.username = username
            self.name = name
            self.bio = bio
            self.follows = follows
            self.avatar = avatar
        }
    }

    /// A user's avatar: one of `photos`, in a file of the users folder.
    package struct Avatar {
        package var sample: Int
        package var name: String

        package init(sample: Int, name: String) {
            self.sample = sample
            self.name = name
        }

        /// The avatar a user's next avatar edit gives them: none → one → the same file with
        /// other bytes → another file → none.
        package static func next(after avatar: Avatar?, of username: String) -> Avatar? {
            switch avatar {
            case nil: Avatar(sample: 0, name: username + "-avatar.jpg")
            case let avatar? where avatar.name.hasSuffix("-avatar.jpg") && avatar.sample == 0: Avatar(sample: 1, name: avatar.name)
            case let avatar? where avatar.name.hasSuffix("-avatar.jpg"): Avatar(sample: 0, name: username + "-face.jpg")
            default: nil
            }
        }
    }

    package struct Comment {
        package var id: String
        package var author: String
        package var text: String

        package init(id: String, author: String, text: String) {
            self.id = id
            self.author = author
            self.text = text
        }
    }

    package struct Like {
        package var id: String
        package var author: String

        package init(id: String, author: String) {
            self.id = id
            self.author = author
        }
    }

    package struct Photo {
        package var name: String
        package var sample: Int
        package var alt: String?

        package init(name: String, sample: Int, alt: String?) {
            self.name = name
            self.sample = sample
            self.alt = alt
        }
    }

    package struct Post {
        package var id: String
        package var author: String
        package var caption: String
        package var alt: String?
        /// Which sample photo the post holds (`photo.jpg`).
        package var photo: Int
        /// The photos after it, which make the post a carousel written with `photos:`.
        package var morePhotos: [Photo] = []
        /// Whether `photo.jpg` comes last in the `photos:` list rather than first.
        package var photoLast = false
        /// Whether the post's first file is a one-second clip, `clip.mp4`, rather than `photo.jpg`.
        package var isVideo = false
        package var comments: [Comment] = []
        package var likes: [Like] = []

        package init(id: String, author: String, caption: String, alt: String?, photo: Int) {
            self.id = id
            self.author = author
            self.caption = caption
            self.alt = alt
            self.photo = photo
        }
    }

    /// A user's album, `albums/<owner>/<slug>.md`.
    package struct Album {
        package var owner: String
        package var slug: String
        package var title: String
        package var description: String?
        package var cover: String?
        package var posts: [String]

        package init(owner: String, slug: String, title: String, description: String? = nil, cover: String? = nil, posts: [String]) {
            self.owner = owner
            self.slug = slug
            self.title = title
            self.description = description
            self.cover = cover
            self.posts = posts
        }
    }

    package var settingsTitle = "Property"
    package var pageSize = 2
    var hasBaseURL = true
    /// `"precompress"` in site.json: a `.gz` and a `.br` beside each larger text file.
    package var precompress = false
    /// `"images": {"process": false}` in site.json when false: photos published as they are.
    package var processImages = true
    package var users: [User] = []
    package var posts: [Post] = []
    package var albums: [Album] = []
    /// Versions of edited templates and assets (0: as in the repository).
    var cardVersion = 0
    var baseVersion = 0
    var stylesheetVersion = 0
    /// Makes every new ID larger than the ones before, like push IDs.
    var serial = 100
    /// A post by a user that does not exist: the build must fail.
    var brokenPost = false
    /// Values shown where the built-in theme does not show them.
    package var theme = GeneratedTheme()

    package static let photos = [RepositoryPaths.samplePhoto, RepositoryPaths.content + "/posts/-K3d5SS4ZpLjcbBJ5UIt/coffee.jpg"]
    package static let words = ["sunset", "harbor", "coffee", "rocket", "café", "<b>bold</b>", "**strong**", "waterfall", "night", "bridge"]

    package static func initial() -> SiteModel {
        var model = SiteModel()
        model.users = [
            User(username: "alice", name: "Alice A.", bio: "Likes *light*.", follows: ["bob"]),
            User(username: "bob", name: nil, bio: nil, follows: ["alice", "carol"]),
            User(username: "carol", name: "Carol", bio: nil, follows: []),
        ]
        for (index, author) in ["alice", "bob", "carol", "alice", "bob"].enumerated() {
            var post = Post(id: model.nextID(), author: author, caption: "Post \(index) of \(author)", alt: "A photo", photo: index % 2)
            if index % 2 == 0 { post.comments.append(Comment(id: model.nextID(), author: "carol", text: "Lovely \(index)")) }
            if index % 3 == 0 { post.likes.append(Like(id: model.nextID(), author: "bob")) }
            // One carousel from the start, so that its photo edits come up in every sequence.
            if index == 4 { post.morePhotos.append(Photo(name: "second.jpg", sample: 0, alt: "A second photo")) }
            model.posts.append(post)
        }
        return model
    }

    package mutating func nextID() -> String {
        serial += 1
        let digits = String(serial)
        return "-Kq" + String(repeating: "0", count: 17 - digits.count) + digits
    }

    // MARK: Edits

    package struct Edit: CustomStringConvertible {
        package let description: String
        package var breaksTheSite = false
        /// Changes only what an edit build takes: a post's caption, photos, comments or likes, a
        /// new post, or a user's name, username, bio or follows.
        var isEditBuild = false
        package let change: (inout SiteModel) -> Void

        package func apply(to model: inout SiteModel) {
            change(&model)
        }
    }

    package func randomEdit(using random: inout SplitMix, editBuildsOnly: Bool = false) -> Edit {
        let all = edits(using: &random)
        let candidates = editBuildsOnly && all.contains(where: \.isEditBuild) ? all.filter(\.isEditBuild) : all
        return candidates[Int(random.next() % UInt64(candidates.count))]
    }

    private func edits(using random: inout SplitMix) -> [Edit] {
        func pick<T>(_ list: [T]) -> T { list[Int(random.next() % UInt64(list.count))] }
        let word = pick(Self.words)
        let usernames = users.map(\.username)
        var list: [Edit] = []
        let user = pick(usernames)
        let newUsername = "user\(serial)"
        list.append(
            Edit(description: "add user \(newUsername)", isEditBuild: true) { model in
                model.serial += 1
                model.users.append(User(username: newUsername, name: "New \(word)", bio: nil, follows: [user]))
            })
        list.append(
            Edit(description: "rename \(user)", isEditBuild: true) { model in
                model.updateUser(user) { $0.name = "Renamed \(word)" }
            })
        list.append(
            Edit(description: "change the avatar of \(user)", isEditBuild: true) { model in
                model.updateUser(user) { $0.avatar = Avatar.next(after: $0.avatar, of: $0.username) }
            })
        list.append(
            Edit(description: "change the bio of \(user)", isEditBuild: true) { model in
                model.updateUser(user) { $0.bio = $0.bio == nil ? "Bio with \(word)" : nil }
            })
        let renamed = "renamed\(serial)"
        list.append(
            Edit(description: "change the username of \(user) to \(renamed) everywhere (timeline rename user)", isEditBuild: true) { model in
                model.serial += 1
                model.changeUsername(user, to: renamed)
            })
        if let lonely = users.first(where: { candidate in !posts.contains { $0.author == candidate.username } }), users.count > 2 {
            list.append(Edit(description: "delete user \(lonely.username)", isEditBuild: true) { model in model.deleteUser(lonely.username) })
        }
        let other = pick(usernames)
        if other != user {
            list.append(
                Edit(description: "\(user) follows or unfollows \(other)", isEditBuild: true) { model in
                    model.updateUser(user) { person in
                        if let index = person.follows.firstIndex(of: other) { person.follows.remove(at: index) } else { person.follows.append(other) }
                    }
                    // What `timeline unfollow` does: their posts leave the follower's albums.
                    if model.users.first(where: { $0.username == user })?.follows.contains(other) == false {
                        let theirs = Set(model.posts.filter { $0.author == other }.map(\.id))
                        model.takeOutOfAlbums { $0.owner == user && theirs.contains($1) }
                    }
                })
        }
        let photo = Int(random.next() % 2)
        let newTag = ["", " #sunset", " #Harbour"][Int(random.next() % 3)]
        list.append(
            Edit(description: "\(user) posts a photo", isEditBuild: true) { model in
                model.posts.append(Post(id: model.nextID(), author: user, caption: "New \(word)\(newTag)", alt: nil, photo: photo))
            })
        let coauthor = pick(usernames)
        list.append(
            Edit(description: "\(user) and \(coauthor) post three photos at once", isEditBuild: true) { model in
                for number in 0..<3 {
                    let author = number == 1 ? coauthor : user
                    model.posts.append(Post(id: model.nextID(), author: author, caption: "Batch \(word)\(newTag)", alt: nil, photo: number % 2))
                }
            })
        if !posts.isEmpty {
            let post = pick(posts.indices.map { $0 })
            let id = posts[post].id
            list.append(Edit(description: "edit the caption of \(id)", isEditBuild: true) { model in model.updatePost(id) { $0.caption += " \(word)" } })
            // Hashtags: a few shared tags (in either case) so that tag pages gain and lose posts.
            let tag = ["sunset", "Sunset", "café", "harbour"][Int(random.next() % 4)]
            list.append(Edit(description: "tag \(id) #\(tag)", isEditBuild: true) { model in model.updatePost(id) { $0.caption += " #\(tag)" } })
            if posts[post].caption.contains("#") {
                list.append(
                    Edit(description: "remove the tags of \(id)", isEditBuild: true) { model in
                        model.updatePost(id) { $0.caption = $0.caption.split(separator: " ").filter { !$0.hasPrefix("#") }.joined(separator: " ") }
                    })
            }
            list.append(Edit(description: "change the photo of \(id)", isEditBuild: true) { model in model.updatePost(id) { $0.photo = 1 - $0.photo } })
            list.append(
                Edit(description: "change the alt text of \(id)", isEditBuild: true) { model in
                    model.updatePost(id) { $0.alt = $0.alt == nil ? "Alt \(word)" : nil }
                })
            let sample = Int(random.next() % 2)
            list.append(
                Edit(description: "add a photo to \(id)", isEditBuild: true) { model in
                    let name = "extra\(model.nextID()).jpg"
                    model.updatePost(id) { $0.morePhotos.append(Photo(name: name, sample: sample, alt: "Extra \(word)")) }
                })
            if !posts[post].morePhotos.isEmpty {
                list.append(
                    Edit(description: "remove a photo of \(id)", isEditBuild: true) { model in
                        model.updatePost(id) { post in
                            post.morePhotos.removeLast()
                            if post.morePhotos.isEmpty { post.photoLast = false }
                        }
                    })
                list.append(
                    Edit(description: "reorder the photos of \(id)", isEditBuild: true) { model in
                        model.updatePost(id) { post in
                            post.morePhotos.reverse()
                            post.photoLast.toggle()
                        }
                    })
                list.append(
                    Edit(description: "change the alt text of a later photo of \(id)", isEditBuild: true) { model in
                        model.updatePost(id) { $0.morePhotos[0].alt = $0.morePhotos[0].alt == nil ? "Later \(word)" : nil }
                    })
            }
            list.append(
                Edit(description: "delete post \(id)", isEditBuild: posts.count > 1) { model in
                    model.posts.removeAll { $0.id == id }
                    model.takeOutOfAlbums { $1 == id }
                })
            list.append(
                Edit(description: "\(user) comments on \(id)", isEditBuild: true) { model in
                    let commentID = model.nextID()
                    model.updatePost(id) { $0.comments.append(Comment(id: commentID, author: user, text: "Comment: \(word)")) }
                })
            if !posts[post].comments.isEmpty {
                list.append(
                    Edit(description: "edit a comment on \(id)", isEditBuild: true) { model in model.updatePost(id) { $0.comments[0].text += " (edited)" } })
                list.append(Edit(description: "delete a comment on \(id)", isEditBuild: true) { model in model.updatePost(id) { $0.comments.removeLast() } })
            }
            list.append(
                Edit(description: "\(user) likes \(id)", isEditBuild: true) { model in
                    let likeID = model.nextID()
                    model.updatePost(id) { $0.likes.append(Like(id: likeID, author: user)) }
                })
            if !posts[post].likes.isEmpty {
                list.append(Edit(description: "unlike \(id)", isEditBuild: true) { model in model.updatePost(id) { $0.likes.removeFirst() } })
            }
        }
        list += albumEdits(user: user, word: word, using: &random)
        list.append(Edit(description: "edit the post-card partial") { $0.cardVersion += 1 })
        list.append(Edit(description: "edit the base template") { $0.baseVersion += 1 })
        list.append(Edit(description: "edit the stylesheet") { $0.stylesheetVersion += 1 })
        list.append(Edit(description: "change the site title") { $0.settingsTitle = "Title \(word)" })
        list.append(Edit(description: "change the page size") { $0.pageSize = $0.pageSize == 2 ? 3 : 2 })
        list.append(Edit(description: "add or remove the base URL") { $0.hasBaseURL.toggle() })
        list.append(Edit(description: "turn precompression on or off") { $0.precompress.toggle() })
        list.append(Edit(description: "turn image processing on or off") { $0.processImages.toggle() })
        list.append(Edit(description: "add a post by a user who does not exist", breaksTheSite: true) { $0.brokenPost = true })
        return list
    }

    /// The edits of albums: one made of posts `user` may put in one, and each change of an album.
    private func albumEdits(user: String, word: String, using random: inout SplitMix) -> [Edit] {
        func pick<T>(_ list: [T]) -> T { list[Int(random.next() % UInt64(list.count))] }
        var list: [Edit] = []
        let candidates = albumCandidates(of: user)
        if !candidates.isEmpty {
            let chosen = Array(candidates.shuffled(using: &random).prefix(1 + Int(random.next() % 3)))
            let slug = "album\(serial)"
            let description = random.next() % 2 == 0 ? nil : "Days with @\(user) #sunset \(word)"
            list.append(
                Edit(description: "\(user) makes album \(slug) of \(chosen)", isEditBuild: true) { model in
                    model.serial += 1
                    model.albums.append(Album(owner: user, slug: slug, title: "Album \(word)", description: description, posts: chosen))
                })
        }
        guard !albums.isEmpty else { return list }
        let album = pick(albums)
        let name = "\(album.owner)/\(album.slug)"
        list.append(Edit(description: "retitle album \(name)", isEditBuild: true) { $0.updateAlbum(name) { $0.title = "Trip \(word)" } })
        list.append(
            Edit(description: "change the description of album \(name)", isEditBuild: true) { model in
                model.updateAlbum(name) { $0.description = $0.description == nil ? "About #harbour and @\($0.owner) \(word)" : nil }
            })
        if let added = albumCandidates(of: album.owner).first(where: { !album.posts.contains($0) }) {
            list.append(Edit(description: "add \(added) to album \(name)", isEditBuild: true) { $0.updateAlbum(name) { $0.posts.insert(added, at: 0) } })
        }
        if album.posts.count > 1 {
            let removed = pick(album.posts)
            list.append(
                Edit(description: "remove \(removed) from album \(name)", isEditBuild: true) { $0.takeOutOfAlbums { $0.slug == album.slug && $1 == removed } })
            list.append(Edit(description: "reorder album \(name)", isEditBuild: true) { $0.updateAlbum(name) { $0.posts.reverse() } })
            let cover = pick(album.posts)
            list.append(
                Edit(description: "set or clear the cover of album \(name)", isEditBuild: true) { model in
                    model.updateAlbum(name) { $0.cover = $0.cover == nil ? cover : nil }
                })
        }
        list.append(Edit(description: "delete album \(name)", isEditBuild: true) { $0.albums.removeAll { "\($0.owner)/\($0.slug)" == name } })
        return list
    }

    /// The posts `user` may put in an album: theirs and those of the people they follow, newest first.
    private func albumCandidates(of user: String) -> [String] {
        let follows = users.first { $0.username == user }?.follows ?? []
        return posts.filter { $0.author == user || follows.contains($0.author) }.map(\.id).reversed()
    }

    private mutating func updateAlbum(_ name: String, _ change: (inout Album) -> Void) {
        if let index = albums.firstIndex(where: { "\($0.owner)/\($0.slug)" == name }) { change(&albums[index]) }
    }

    /// Takes the posts `removed` names (with each album) out of the albums, as the commands do:
    /// a cover that went falls back to the newest post, an album left empty goes.
    package mutating func takeOutOfAlbums(_ removed: (Album, String) -> Bool) {
        for index in albums.indices {
            let album = albums[index]
            albums[index].posts.removeAll { removed(album, $0) }
            if let cover = album.cover, removed(album, cover) { albums[index].cover = nil }
        }
        albums.removeAll { $0.posts.isEmpty }
    }

    package mutating func updateUser(_ username: String, _ change: (inout User) -> Void) {
        if let index = users.firstIndex(where: { $0.username == username }) { change(&users[index]) }
    }

    private mutating func updatePost(_ id: String, _ change: (inout Post) -> Void) {
        if let index = posts.firstIndex(where: { $0.id == id }) { change(&posts[index]) }
    }

    /// What `timeline rename user` does: the username changed in the user's file, their
    /// follower's follows, their posts, comments and likes.
    package mutating func changeUsername(_ username: String, to renamed: String) {
        updateUser(username) { $0.username = renamed }
        for index in users.indices { users[index].follows = users[index].follows.map { $0 == username ? renamed : $0 } }
        for index in posts.indices {
            if posts[index].author == username { posts[index].author = renamed }
            for comment in posts[index].comments.indices where posts[index].comments[comment].author == username {
                posts[index].comments[comment].author = renamed
            }
            for like in posts[index].likes.indices where posts[index].likes[like].author == username { posts[index].likes[like].author = renamed }
        }
        for index in albums.indices where albums[index].owner == username { albums[index].owner = renamed }
    }

    private mutating func deleteUser(_ username: String) {
        users.removeAll { $0.username == username }
        albums.removeAll { $0.owner == username }
        for index in users.indices { users[index].follows.removeAll { $0 == username } }
        for index in posts.indices {
            posts[index].comments.removeAll { $0.author == username }
            posts[index].likes.removeAll { $0.author == username }
        }
    }

    // MARK: Files

    /// Every file of the site's content and theme, by path relative to the site root.
    package func files() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let baseURL = hasBaseURL ? #", "baseURL": "https://example.org/photos/""# : ""
        let precompress = precompress ? #", "precompress": true"# : ""
        let images = processImages ? "" : #", "images": {"process": false}"#
        files["Content/site.json"] = Data(
            #"{"title": "\#(settingsTitle)", "pageSize": \#(pageSize), "feedDepth": 2\#(baseURL)\#(precompress)\#(images)}"#.utf8)
        for user in users {
            var fields = [#""username": "\#(user.username)""#]
            if let name = user.name { fields.append(#""name": "\#(name)""#) }
            if let bio = user.bio { fields.append(#""bio": "\#(bio)""#) }
            fields.append(#""follows": [\#(user.follows.map { "\"\($0)\"" }.joined(separator: ", "))]"#)
            if let avatar = user.avatar {
                fields.append(#""avatar": "\#(avatar.name)""#)
                files["Content/users/" + avatar.name] = try Data(contentsOf: URL(fileURLWithPath: Self.photos[avatar.sample]))
            }
            files["Content/users/\(user.username).json"] = Data(("{\n  " + fields.joined(separator: ",\n  ") + "\n}\n").utf8)
        }
        var allPosts = posts
        if brokenPost { allPosts.append(Post(id: "-Kzzzzzzzzzzzzzzzzzz", author: "nobody", caption: "", alt: nil, photo: 0)) }
        for post in allPosts {
            let folder = "Content/posts/\(post.id)/"
            if post.isVideo {
                files[folder + "clip.mp4"] = try Self.clip.get()
            } else {
                files[folder + "photo.jpg"] = try Data(contentsOf: URL(fileURLWithPath: Self.photos[post.photo]))
            }
            if post.morePhotos.isEmpty, !post.isVideo {
                let alt = post.alt.map { "alt: \"\($0)\"\n" } ?? ""
                files[folder + "post.md"] = Data("---\nusername: \(post.author)\n\(alt)---\n\(post.caption)\n".utf8)
            } else {
                let main = Photo(name: post.isVideo ? "clip.mp4" : "photo.jpg", sample: post.photo, alt: post.alt)
                let list = post.photoLast ? post.morePhotos + [main] : [main] + post.morePhotos
                let items = list.map { photo in "  - image: \(photo.name)\n" + (photo.alt.map { "    alt: \"\($0)\"\n" } ?? "") }
                files[folder + "post.md"] = Data("---\nusername: \(post.author)\nphotos:\n\(items.joined())---\n\(post.caption)\n".utf8)
                for photo in post.morePhotos {
                    files[folder + photo.name] = try Data(contentsOf: URL(fileURLWithPath: Self.photos[photo.sample]))
                }
            }
            if !post.comments.isEmpty {
                let items = post.comments.map { #"{"id": "\#($0.id)", "username": "\#($0.author)", "text": "\#($0.text)"}"# }
                files[folder + "comments.json"] = Data(("[" + items.joined(separator: ",\n") + "]\n").utf8)
            }
            if !post.likes.isEmpty {
                let items = post.likes.map { #"{"id": "\#($0.id)", "username": "\#($0.author)"}"# }
                files[folder + "likes.json"] = Data(("[" + items.joined(separator: ",\n") + "]\n").utf8)
            }
        }
        for album in albums {
            var text = "---\ntitle: \"\(album.title)\"\n"
            if let cover = album.cover { text += "cover: \"\(cover)\"\n" }
            text += "posts:\n" + album.posts.map { "  - \"\($0)\"\n" }.joined() + "---\n"
            if let description = album.description { text += description + "\n" }
            files["Content/albums/\(album.owner)/\(album.slug).md"] = Data(text.utf8)
        }
        let theme = try SiteFixture.snapshot(RepositoryPaths.templates)
        for (path, bytes) in theme {
            files["Templates/" + path] =
                self.theme.additions[path] == nil ? bytes : Data(self.theme.apply(to: String(decoding: bytes, as: UTF8.self), at: path).utf8)
        }
        func append(_ text: String, to path: String) {
            files[path] = (files[path] ?? Data()) + Data(text.utf8)
        }
        if cardVersion > 0 { append("<!-- card \(cardVersion) -->\n", to: "Templates/partials/post-card.mustache") }
        if baseVersion > 0 { append("<!-- base \(baseVersion) -->\n", to: "Templates/base.mustache") }
        if stylesheetVersion > 0 { append("/* \(stylesheetVersion) */\n", to: "Templates/assets/style.css") }
        return files
    }

    /// The bytes of every video post's `clip.mp4` (`TestClips`, one second), made once per process.
    private static let clip = Result { () throws -> Data in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("site-model-clip-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("clip.mp4")
        try TestClips.make(at: file.path, seconds: 1)
        return try Data(contentsOf: file)
    }

    /// Makes `Content/` and `Templates/` under `root` hold exactly `files()`, touching only what
    /// differs; returns the absolute paths it wrote, deleted or made, as a file watcher reports them.
    @discardableResult
    package func sync(to root: String) throws -> [String] {
        let wanted = try files()
        var changed: [String] = []
        for folder in ["Content", "Templates"] {
            for (path, _) in try SiteFixture.snapshot(root + "/" + folder) where wanted[folder + "/" + path] == nil {
                try FileManager.default.removeItem(atPath: root + "/" + folder + "/" + path)
                changed.append(root + "/" + folder + "/" + path)
            }
            changed += removeEmptyFolders(root + "/" + folder)
        }
        for (path, bytes) in wanted {
            let full = root + "/" + path
            if let existing = FileManager.default.contents(atPath: full), existing == bytes { continue }
            let folder = (full as NSString).deletingLastPathComponent
            if !FileManager.default.fileExists(atPath: folder) { changed.append(folder) }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try bytes.write(to: URL(fileURLWithPath: full))
            changed.append(full)
        }
        return changed
    }

    private func removeEmptyFolders(_ folder: String) -> [String] {
        var removed: [String] = []
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        for name in names {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                removed += removeEmptyFolders(path)
                let kept = path.hasSuffix("/Content/posts") || path.hasSuffix("/Content/users")
                if !kept, (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty == true,
                    (try? FileManager.default.removeItem(atPath: path)) != nil
                {
                    removed.append(path)
                }
            }
        }
        return removed
    }
}
