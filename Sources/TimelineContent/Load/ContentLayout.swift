import TimelineModel

/// Where each file and folder of a site's content lives, relative to the content folder
/// (docs/content-format.md), written here once for the loader, the authoring commands, the
/// import, the fuzz targets and the build's incremental decisions:
///
/// ```
/// site.json                        settingsFile
/// users/                           usersFolder
/// users/<username>.json            userFile(_:)
/// users/<avatar file>              fileInUsersFolder(named:)
/// posts/                           postsFolder
/// posts/<post-id>/                 postFolder(_:), postFolder(named:)
/// posts/<post-id>/post.md          file(.post, ofPost:)
/// posts/<post-id>/comments.json    file(.comments, ofPost:)
/// posts/<post-id>/likes.json       file(.likes, ofPost:)
/// albums/                          albumsFolder (optional)
/// albums/<username>/               albumOwnerFolder(_:)
/// albums/<username>/<slug>.md      albumFile(owner:slug:)
/// ```
///
/// `place(of:)` reads a path the other way round. Paths are strings with `/` separators: inside
/// the content folder they are keys of the site, not places on disk (docs/architecture.md).
package enum ContentLayout: Sendable {
    /// The site's settings.
    package static let settingsFile = "site.json"
    /// One file per user, beside the avatars.
    package static let usersFolder = "users"
    /// One folder per post.
    package static let postsFolder = "posts"
    /// One folder per user who has albums, one file per album.
    package static let albumsFolder = "albums"
    /// What the content folder itself holds: the settings file and the users and posts folders.
    package static let topLevelEntries = [settingsFile, usersFolder, postsFolder]
    /// What it may hold besides: the albums folder.
    package static let optionalTopLevelEntries = [albumsFolder]

    /// What ends an album file's name, after the slug.
    private static let albumFileExtension = ".md"

    /// `albums/<username>`: the albums of one user.
    package static func albumOwnerFolder(_ username: String) -> String {
        albumsFolder + "/" + username
    }

    /// `albums/<username>/<slug>.md`.
    package static func albumFile(owner username: String, slug: String) -> String {
        albumOwnerFolder(username) + "/" + slug + albumFileExtension
    }

    /// Whether an entry of an owner's albums folder is an album file (hidden ones are ignored).
    package static func isAlbumFileName(_ name: String) -> Bool {
        name.hasSuffix(albumFileExtension) && !name.hasPrefix(".")
    }

    /// The slug of an album file, by its name (one `isAlbumFileName` accepts): `iceland` for
    /// `iceland.md`.
    package static func slug(ofAlbumFileNamed name: String) -> String {
        String(name.dropLast(albumFileExtension.count))
    }

    /// What ends a user file's name, after the username.
    private static let userFileExtension = ".json"

    /// `users/<username>.json`.
    package static func userFile(_ username: String) -> String {
        fileInUsersFolder(named: userFileName(username))
    }

    /// `<username>.json`: a user file's name in the users folder.
    package static func userFileName(_ username: String) -> String {
        username + userFileExtension
    }

    /// `users/<name>`: a user file or an avatar, by its file name.
    package static func fileInUsersFolder(named name: String) -> String {
        usersFolder + "/" + name
    }

    /// Whether an entry of the users folder is a user's file (the loader ignores hidden ones).
    package static func isUserFileName(_ name: String) -> Bool {
        name.hasSuffix(userFileExtension) && !name.hasPrefix(".")
    }

    /// The username of a user file, by its name (one `isUserFileName` accepts): `alice` for
    /// `alice.json`.
    package static func username(ofUserFileNamed name: String) -> String {
        String(name.dropLast(userFileExtension.count))
    }

    /// `posts/<id>`.
    package static func postFolder(_ id: ContentID) -> String {
        postFolder(named: id.rawValue)
    }

    /// `posts/<name>`: a post folder by its name, a valid post ID or not.
    package static func postFolder(named name: String) -> String {
        postsFolder + "/" + name
    }

    /// A file of a post folder that holds the post's records; the photo is any image beside them.
    package enum PostFolderFile: String, CaseIterable, Sendable {
        /// Front matter and caption.
        case post = "post.md"
        /// Optional.
        case comments = "comments.json"
        /// Optional.
        case likes = "likes.json"

        package var name: String { rawValue }
    }

    /// The names of the files a post folder holds records in: `post.md`, `comments.json`,
    /// `likes.json`.
    package static let postFolderFileNames = Set(PostFolderFile.allCases.map(\.name))

    /// `posts/<id>/post.md`, `comments.json` or `likes.json`.
    package static func file(_ file: PostFolderFile, ofPost id: ContentID) -> String {
        self.file(file, in: postFolder(id))
    }

    /// `file` inside `postFolder` (any path of a post folder: relative, staged or absolute).
    package static func file(_ file: PostFolderFile, in postFolder: String) -> String {
        postFolder + "/" + file.name
    }

    /// A path of the layout, as `place(of:)` reads it.
    package enum Place: Hashable, Sendable {
        case settingsFile
        case usersFolder
        case userFile(username: String)
        case postsFolder
        /// A post folder by its name, a valid post ID or not.
        case postFolder(named: String)
        case postFile(PostFolderFile, inPostFolderNamed: String)
        /// Any other file of a post folder: a photo, or a file the post does not name.
        case otherFileInPostFolder(named: String)
        /// Any other file of the users folder, by its name: an avatar, or a file no user names.
        case otherFileInUsersFolder(named: String)
        case albumsFolder
        /// The folder of one user's albums, by its name.
        case albumOwnerFolder(named: String)
        /// A file of a user's albums folder, by the folder's name and the file's: an album, or
        /// a file the loader ignores.
        case fileInAlbumOwnerFolder(named: String, fileName: String)
    }

    /// What `relativePath` (relative to the content folder) is in the layout; nil for any other
    /// path: an unknown or hidden file, a path with an empty name.
    package static func place(of relativePath: String) -> Place? {
        let names = relativePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let first = names.first, !names.contains(where: { $0.isEmpty || $0.hasPrefix(".") }) else { return nil }
        switch (first, names.count) {
        case (settingsFile, 1): return .settingsFile
        case (usersFolder, 1): return .usersFolder
        case (usersFolder, 2):
            return isUserFileName(names[1]) ? .userFile(username: username(ofUserFileNamed: names[1])) : .otherFileInUsersFolder(named: names[1])
        case (postsFolder, 1): return .postsFolder
        case (postsFolder, 2): return .postFolder(named: names[1])
        case (postsFolder, 3):
            return PostFolderFile(rawValue: names[2]).map { .postFile($0, inPostFolderNamed: names[1]) } ?? .otherFileInPostFolder(named: names[1])
        case (albumsFolder, 1): return .albumsFolder
        case (albumsFolder, 2): return .albumOwnerFolder(named: names[1])
        case (albumsFolder, 3): return .fileInAlbumOwnerFolder(named: names[1], fileName: names[2])
        default: return nil
        }
    }
}
