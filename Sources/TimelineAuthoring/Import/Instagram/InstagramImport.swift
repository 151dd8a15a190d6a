import TimelineContent
import TimelineModel
import TimelineSystem

/// `timeline import instagram EXPORT`: a person's Instagram export (the folder or the `.zip`
/// as Instagram delivers it, read by `InstagramExportReader`) → their user, with the avatar,
/// each post with its photos and videos (each reel and IGTV video a post of its clip), and
/// their follows of users the site has. A post's ID is a push
/// ID made from its time and its media, so the same export imported twice changes nothing and
/// a newer one adds what is new. Each user and post is written whole or not at all
/// (`ContentTransaction`). What cannot be imported is reported one by one with its file and
/// JSON path: media of a format the site does not take, follows of people not on the site,
/// media missing from the export.
public struct InstagramImport: Sendable {
    public let exportPath: String
    public let folder: ContentFolder

    public init(exportPath: String, folder: ContentFolder) {
        self.exportPath = exportPath
        self.folder = folder
    }

    /// The most photos a post may have: more are reported and left out.
    static let maximumPhotos = 20

    /// Imports, calling `report` for each thing left out; throws when the export cannot be read
    /// or has no profile (nothing is written then), or the content folder cannot be written.
    public func run(report: (InstagramIssue) -> Void) throws(ImportFailure) -> ImportSummary {
        let reader = try InstagramExportReader(exportAt: exportPath)
        let export = reader.read()
        var summary = ImportSummary()
        // Every issue reported is counted as skipped.
        var skipped = 0
        let skip = { (issue: InstagramIssue) in
            skipped += 1
            report(issue)
        }
        export.issues.forEach(skip)
        guard let profile = export.profile else {
            throw ImportFailure(
                at: SourceLocation(path: exportPath),
                "the export has no profile (personal_information/personal_information/personal_information.json), so there is no user to import it as")
        }
        guard Username.isValid(profile.username) else {
            throw ImportFailure(
                at: SourceLocation(path: exportPath + "/" + profile.file),
                "the username '\(profile.username)' is not one the site can have: \(Username.rules)")
        }
        let (createdSettings, lock) = try ImportDestination.open(folder)
        summary.createdSettings = createdSettings
        defer { withExtendedLifetime(lock) {} }

        try importUser(profile, reader: reader, summary: &summary, report: skip)
        for post in export.posts {
            try importPost(post, username: profile.username, reader: reader, summary: &summary, report: skip)
        }
        try importFollows(export.following, of: profile, summary: &summary, report: skip)
        summary.skipped = skipped
        return summary
    }

    // MARK: The user

    /// Creates the user with their name, bio and avatar; a user who is on the site already is
    /// left as the site has them (their own later edits win).
    private func importUser(
        _ profile: InstagramProfile, reader: InstagramExportReader, summary: inout ImportSummary, report: (InstagramIssue) -> Void
    ) throws(ImportFailure) {
        let username = profile.username
        if let existing = folder.usernames().first(where: { Username.caseFolded($0) == Username.caseFolded(username) }) {
            guard existing == username else {
                throw ImportFailure(
                    at: SourceLocation(path: folder.display(ContentLayout.userFile(existing))),
                    "the export's user '\(username)' would clash with user '\(existing)': usernames must differ in more than case")
            }
            summary.usersUnchanged += 1
            return
        }
        let record = UserRecord(username: username, name: ContentAuthor.nonBlank(profile.name), bio: ContentAuthor.nonBlank(profile.bio), url: nil)
        let avatar = profile.avatar.flatMap { avatar in avatarBytes(avatar, of: profile, reader: reader, report: report).map { (avatar, $0) } }
        do throws(AuthoringError) {
            try writeUser(record, avatar: avatar)
        } catch {
            // An avatar the loader refuses (not the image its name says) is left out and
            // reported; the user is imported without it.
            guard error.reason == .invalidContent, let refused = avatar else { throw ImportFailure.writing(error) }
            let reason = error.diagnostics.first { $0.severity == .error }?.message ?? error.message
            report(InstagramIssue(file: profile.file, Self.avatarPath, skipped: "the avatar", "'\(refused.0)': \(reason)"))
            do throws(AuthoringError) {
                try writeUser(record, avatar: nil)
            } catch {
                throw ImportFailure.writing(error)
            }
        }
        summary.usersAdded += 1
    }

    /// Writes the user's file, and their avatar beside it, together or not at all.
    private func writeUser(_ record: UserRecord, avatar: (path: InstagramEntryPath, bytes: [UInt8])?) throws(AuthoringError) {
        var record = record
        let transaction = folder.transaction()
        if let avatar {
            let name = record.username + "." + Path.fileExtension(of: avatar.path.fileName)
            try transaction.create(ContentLayout.fileInUsersFolder(named: name), bytes: avatar.bytes)
            record.avatar = name
        }
        try transaction.create(ContentLayout.userFile(record.username), bytes: record.fileBytes)
        _ = try transaction.commit { folder.verifyUser(record.username) }
    }

    static let avatarPath = JSONPath(["profile_user", "0", "media_map_data", "Profile Photo", "uri"])

    /// The avatar's bytes when it is an image the site can show; else reported, and none.
    private func avatarBytes(
        _ avatar: InstagramEntryPath, of profile: InstagramProfile, reader: InstagramExportReader, report: (InstagramIssue) -> Void
    ) -> [UInt8]? {
        let path = Self.avatarPath
        guard AssetReader.isImageFileName(avatar.fileName) else {
            report(InstagramIssue(file: profile.file, path, skipped: "the avatar", "'\(avatar)' is not a \(ImageHeader.Format.extensionList) file"))
            return nil
        }
        do {
            return try reader.source.read(avatar, limit: Self.maximumAvatarBytes)
        } catch {
            report(InstagramIssue(file: profile.file, path, skipped: "the avatar", "'\(avatar)': \(error)"))
            return nil
        }
    }

    static let maximumAvatarBytes = 32 << 20

    // MARK: Posts

    /// Creates the post's folder with its photos and `post.md`, unless a post of that ID is
    /// there already (an earlier import of the same export).
    private func importPost(
        _ post: InstagramPost, username: String, reader: InstagramExportReader, summary: inout ImportSummary, report: (InstagramIssue) -> Void
    ) throws(ImportFailure) {
        guard let id = Self.postID(of: post, username: username) else {
            report(InstagramIssue(file: post.file, post.path, skipped: "this post", "its time cannot be a post ID"))
            return
        }
        if let caption = post.caption, let problem = CaptionLimits.problem(in: caption) {
            report(InstagramIssue(file: post.file, post.path, skipped: "this post", problem.message))
            return
        }
        var photos: [InstagramMedia] = []
        for media in post.media {
            if let reason = Self.reasonToSkip(media, photosSoFar: photos.count) {
                report(InstagramIssue(file: post.file, media.path, skipped: media.kind == .video ? "this video" : "this photo", reason))
            } else {
                photos.append(media)
            }
        }
        guard !photos.isEmpty else {
            report(InstagramIssue(file: post.file, post.path, skipped: "this post", "it has no photo the site can show"))
            return
        }
        // Imported before: left as it is (and as its author may have changed it since).
        let relativeFolder = ContentLayout.postFolder(id)
        guard !folder.exists(relativeFolder) else {
            summary.postsUnchanged += 1
            return
        }
        let names = Self.fileNames(for: photos)
        let transaction = folder.transaction()
        do throws(AuthoringError) {
            let staged = try transaction.stageFolder(relativeFolder)
            for (media, name) in zip(photos, names) {
                do {
                    let limit = media.kind == .video ? InstagramExportSource.maximumMediaBytes : AssetReader.maximumPhotoBytes
                    _ = try reader.copyMedia(media.uri, to: staged + "/" + name, limit: limit)
                } catch {
                    // A media file the export names but does not hold: the post goes without it.
                    transaction.discard()
                    report(InstagramIssue(file: post.file, media.path / "uri", skipped: "this post", "'\(media.uri)': \(error)"))
                    return
                }
            }
            var markdown = PostMarkdown(username: username, caption: post.caption)
            if names.count == 1 {
                markdown.image = names[0]
            } else {
                markdown.photos = names.map { (image: $0, alt: nil) }
            }
            do {
                try FileSystem.writeFile(ContentLayout.file(.post, in: staged), bytes: markdown.fileBytes)
            } catch {
                throw AuthoringError.fileSystem(error, shownAs: folder.display(relativeFolder))
            }
            _ = try transaction.commit { folder.verifyPost(id) }
        } catch {
            // The loader refuses the post (a photo that is no photo, a playlist named `.mp4`):
            // nothing of it was written, and it is reported with the file at fault.
            guard error.reason == .invalidContent else { throw ImportFailure.writing(error) }
            Self.reportRefused(error, of: post, media: photos, names: names, report: report)
            return
        }
        summary.postsAdded += 1
    }

    /// A post the loader refused, reported at the media item its first error names (by its
    /// file name in the post folder), with the loader's reason; else at the post.
    private static func reportRefused(
        _ error: AuthoringError, of post: InstagramPost, media: [InstagramMedia], names: [String], report: (InstagramIssue) -> Void
    ) {
        let errors = error.diagnostics.filter { $0.severity == .error }
        guard let first = errors.first else {
            report(InstagramIssue(file: post.file, post.path, skipped: "this post", error.message))
            return
        }
        for (item, name) in zip(media, names) where first.message.contains("'\(name)'") || first.location.path.hasSuffix("/" + name) {
            report(InstagramIssue(file: post.file, item.path / "uri", skipped: "this post", "'\(item.uri)': \(first.message)"))
            return
        }
        report(InstagramIssue(file: post.file, post.path, skipped: "this post", first.message))
    }

    /// Why a media item is left out of its post; nil to import it.
    private static func reasonToSkip(_ media: InstagramMedia, photosSoFar: Int) -> String? {
        if media.kind == .video {
            if !AssetReader.isVideoFileName(media.uri.fileName) { return "'\(media.uri)' is not a \(VideoFormat.extensionList) file" }
        } else if !AssetReader.isImageFileName(media.uri.fileName) {
            return "'\(media.uri)' is not a \(ImageHeader.Format.extensionList) file"
        }
        if photosSoFar == maximumPhotos { return "a post holds at most \(maximumPhotos) photos" }
        return nil
    }

    /// The photos' names in the post folder, as `timeline new post` names them: each media
    /// file's own name when it is a plain one, else `photo.<extension>`; `-2`, `-3`, … for a
    /// name taken already.
    static func fileNames(for photos: [InstagramMedia]) -> [String] {
        var taken = Set<String>()
        return photos.map { media in
            let fileExtension = Path.fileExtension(of: media.uri.fileName)
            return ContentAuthor.unclaimedName(
                ContentAuthor.photoFileName(for: media.uri.fileName, extension: fileExtension), extension: fileExtension, taken: &taken)
        }
    }

    /// A push ID for the post's time whose other 72 bits come from the author and the post's
    /// media: the same post gets the same ID in every import, two posts of the same second
    /// get different ones.
    static func postID(of post: InstagramPost, username: String) -> ContentID? {
        guard post.timestamp > 0, post.timestamp <= PushIDGenerator.maximumMilliseconds / 1000 else { return nil }
        let key = ([username, String(post.timestamp)] + post.media.map(\.uri.description)).joined(separator: "\n")
        let digest = Digest.of(key)
        let bits = [digest.high, digest.low]
        let digits = (0..<12).map { position in Int((bits[position / 8] >> UInt64(6 * (position % 8))) & 63) }
        return ContentID(PushID.make(milliseconds: post.timestamp * 1000, randomDigits: digits))
    }

    // MARK: Follows

    /// Adds a follow of each user the site has; the others are reported (their own import
    /// later, and this one again, connects them).
    private func importFollows(
        _ following: [InstagramFollow], of profile: InstagramProfile, summary: inout ImportSummary, report: (InstagramIssue) -> Void
    ) throws(ImportFailure) {
        let onSite = Set(folder.usernames())
        var current: UserRecord
        do {
            current = try folder.readUser(profile.username)
        } catch {
            throw ImportFailure.writing(error)
        }
        var added = 0
        for follow in following {
            let username = follow.username
            guard username != profile.username else { continue }
            guard onSite.contains(username) else {
                report(
                    InstagramIssue(
                        file: follow.file, follow.path, skipped: "this follow",
                        "'\(username)' is not on this site; importing again after they import their export adds it"))
                continue
            }
            guard !current.follows.contains(username) else { continue }
            current.follows.append(username)
            added += 1
        }
        guard added > 0 else { return }
        let transaction = folder.transaction()
        do throws(AuthoringError) {
            try transaction.write(ContentLayout.userFile(profile.username), bytes: current.fileBytes)
            _ = try transaction.commit { folder.verifyUser(profile.username) }
        } catch {
            throw ImportFailure.writing(error)
        }
        summary.followsAdded += added
        if summary.usersAdded == 0 { summary.usersUpdated += 1 }
    }
}
