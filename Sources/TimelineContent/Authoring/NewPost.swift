import TimelineModel
import TimelineSystem

extension ContentAuthor {
    /// What `timeline new post` asks for.
    public struct NewPost: Sendable {
        public var username: String
        /// The photo, anywhere; it is copied into the post's folder.
        public var photo: String
        /// Markdown; nil or blank for none.
        public var caption: String?
        /// A UTF-8 file holding the caption, instead of `caption`.
        public var captionFile: String?
        public var alt: String?

        public init(username: String, photo: String, caption: String? = nil, captionFile: String? = nil, alt: String? = nil) {
            self.username = username
            self.photo = photo
            self.caption = caption
            self.captionFile = captionFile
            self.alt = alt
        }

        /// The caption, read from `captionFile` when one is given.
        package func captionText() throws(AuthoringError) -> String? {
            guard let captionFile else { return caption }
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.readBytes(captionFile)
            } catch {
                throw AuthoringError(.invalidArgument, at: SourceLocation(path: captionFile), "cannot read the caption file: \(error.reason)")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw AuthoringError(.invalidArgument, at: SourceLocation(path: captionFile), "the caption file is not UTF-8 text")
            }
            return text
        }
    }

    /// Makes a push ID for the current time and creates `posts/<id>/` holding `post.md` and a
    /// copy of the photo. The folder is filled under a hidden name and renamed into place.
    public mutating func newPost(_ request: NewPost) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        try folder.requireUser(request.username)
        let caption = try request.captionText()
        let photoName = Self.photoFileName(for: request.photo, extension: try Self.imageExtension(of: request.photo, option: "the photo"))
        guard let id = ContentID(ids.next()) else {
            throw AuthoringError(.invalidArgument, "could not make a post ID")
        }
        let relativeFolder = ContentLayout.postFolder(id)
        let transaction = folder.transaction()
        let staged = try transaction.stageFolder(relativeFolder)
        let markdown = PostMarkdown(username: request.username, alt: request.alt, caption: caption)
        do {
            try FileSystem.writeFile(staged + "/" + photoName, bytes: try FileSystem.readBytes(request.photo))
            try FileSystem.writeFile(ContentLayout.file(.post, in: staged), bytes: markdown.fileBytes)
        } catch {
            throw AuthoringError.fileSystem(error, shownAs: folder.display(relativeFolder))
        }
        var warnings = try transaction.commit { folder.verifyPost(id) }
        let shown = folder.display(relativeFolder) + "/"
        if ContentAuthor.nonBlank(request.alt) == nil {
            warnings.append(
                .warning(
                    .missingAltText, stage: .load, at: SourceLocation(path: folder.display(ContentLayout.file(.post, ofPost: id))),
                    "the post has no alt text; add it with 'timeline edit post \(id) --alt \"…\"' to describe the photo to people who cannot see it"))
        }
        return AuthoringResult("Created post \(id) by \(request.username): \(shown)", id: id.rawValue, path: shown, warnings: warnings)
    }

    /// The photo keeps its name when that is a plain one (letters, digits, `-`, `_`, `.`);
    /// else it becomes `photo.<extension>`.
    static func photoFileName(for path: String, extension fileExtension: String) -> String {
        let name = Path.fileName(of: path)
        let plain =
            name.utf8.count <= 100 && !name.hasPrefix(".")
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                    true
                default:
                    false
                }
            }
        return plain ? name : "photo." + fileExtension
    }
}
