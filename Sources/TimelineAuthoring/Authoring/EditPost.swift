import TimelineContent
import TimelineModel

extension ContentAuthor {
    /// What `timeline edit post` asks for: for each field, nil keeps it as it is.
    public struct EditPost: Sendable {
        public var postID: String
        /// Markdown, the new caption; a blank one removes the caption.
        public var caption: String?
        /// The alt text of the photo `photo` names, or of the only photo.
        public var alt: String?
        /// An ISO 8601 date, as the front matter's `date` takes it.
        public var date: String?
        /// Which photo `alt` is for (from 1, as the post has them before this edit); nil for a
        /// post of one photo.
        public var photo: Int?
        /// The photo changes; empty keeps the photos as they are.
        public var photos: PhotoChanges

        public init(postID: String, caption: String? = nil, alt: String? = nil, date: String? = nil, photo: Int? = nil, photos: PhotoChanges = .init()) {
            self.postID = postID
            self.caption = caption
            self.alt = alt
            self.date = date
            self.photo = photo
            self.photos = photos
        }

        /// Why a request that changes no field is refused.
        public static let nothingToChange =
            "nothing to change: give --caption, --alt or --date, or change the photos with --add-photo, --remove-photo or --order"

        /// True when no field is to change.
        public var isEmpty: Bool { caption == nil && alt == nil && date == nil && photos.isEmpty }
    }

    /// Rewrites `posts/<id>/post.md` with the caption, alt text or date asked for, keeping
    /// every other byte of the file (`PostFileEdit`). The file must load without errors first;
    /// what is written is read back by the loader, and must give the values asked for.
    public func editPost(_ request: EditPost) throws(AuthoringError) -> AuthoringResult {
        guard !request.isEmpty else {
            throw AuthoringError(.invalidArgument, EditPost.nothingToChange)
        }
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let id = try folder.requirePost(request.postID)
        // A blank caption is allowed: it removes the caption.
        for (option, value) in [("alt", request.alt), ("date", request.date)] where value != nil && Self.nonBlank(value) == nil {
            throw AuthoringError(.invalidArgument, "--\(option) is empty; give the new \(option)")
        }
        if let date = request.date, ISODate.milliseconds(from: date) == nil {
            throw AuthoringError(.invalidArgument, "--date " + ISODate.expectation(found: date))
        }
        let file = ContentLayout.file(.post, ofPost: id)
        let shown = folder.display(file)
        let old = try folder.readPost(id)
        // A post whose photos change, or written with `photos:` (whose alt texts are its items'),
        // gets its photo lines written anew.
        let listed = old.names("photos")
        if !request.photos.isEmpty || (listed && (request.alt != nil || request.photo != nil)) || (request.photo.map { $0 != 1 || request.alt == nil } ?? false)
        {
            return try editPhotos(request, of: id, file: old)
        }
        var edit = PostFileEdit(text: old.text, frontMatter: old.frontMatter)
        var changed: [String] = []
        if let caption = request.caption, PostFile.captionText(caption) != PostFile.captionText(old.caption) {
            edit.setCaption(caption)
            changed.append("caption")
        }
        for (key, value) in [("alt", request.alt), ("date", request.date)] {
            guard let value, value != old.value(of: key) else { continue }
            do {
                try edit.set(key, to: value, isPresent: old.names(key))
            } catch {
                throw AuthoringError(
                    .invalidContent, at: SourceLocation(path: shown),
                    "'\(key)' is not written as a plain 'key: value' line that this command can change; edit the file by hand")
            }
            changed.append(key)
        }
        guard !changed.isEmpty else {
            return AuthoringResult("post \(id) is already as asked; nothing changed", path: shown, changed: false)
        }
        let transaction = folder.transaction()
        try transaction.write(file, bytes: edit.bytes)
        let warnings = try transaction.commit { folder.verifyPost(id) + Self.mismatches(of: id, in: folder, with: request, file: shown) }
        return AuthoringResult("Updated post \(id) (\(changed.joined(separator: ", "))): \(shown)", path: shown, warnings: warnings)
    }

    /// An error for each field the rewritten file does not give as asked; none when it does.
    private static func mismatches(of id: ContentID, in folder: ContentFolder, with request: EditPost, file: String) -> [Diagnostic] {
        guard let written = try? folder.readPost(id) else { return [] }
        let fields: [(String, String?, String?)] = [
            ("caption", request.caption.map(PostFile.captionText), PostFile.captionText(written.caption)),
            ("alt", request.alt, written.value(of: "alt")), ("date", request.date, written.value(of: "date")),
        ]
        return fields.compactMap { name, asked, read in
            guard let asked, asked != read else { return nil }
            return .error(.invalidValue, stage: .load, at: SourceLocation(path: file), "the rewritten file gives a different \(name); nothing was changed")
        }
    }
}
