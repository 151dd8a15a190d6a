import TimelineContent
import TimelineModel
import TimelineSystem

extension ContentAuthor {
    /// What `timeline new post` asks for.
    public struct NewPost: Sendable {
        public var username: String
        /// 1 to `PostPhoto.limit` photos or videos, anywhere, in the post's order; each is
        /// copied into the post's folder.
        public var photos: [String]
        /// Markdown; nil or blank for none.
        public var caption: String?
        /// A UTF-8 file holding the caption, instead of `caption`.
        public var captionFile: String?
        /// The photos' text alternatives, in their order: the first for the first photo, and so
        /// on; photos after the last have none.
        public var alts: [String]

        public init(username: String, photos: [String], caption: String? = nil, captionFile: String? = nil, alts: [String] = []) {
            self.username = username
            self.photos = photos
            self.caption = caption
            self.captionFile = captionFile
            self.alts = alts
        }

        public init(username: String, photo: String, caption: String? = nil, captionFile: String? = nil, alt: String? = nil) {
            self.init(username: username, photos: [photo], caption: caption, captionFile: captionFile, alts: alt.map { [$0] } ?? [])
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
    /// copy of each photo and video. The folder is filled under a hidden name and renamed into
    /// place.
    public mutating func newPost(_ request: NewPost) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        try folder.requireUser(request.username)
        let caption = try request.captionText()
        guard (1...PostPhoto.limit).contains(request.photos.count) else {
            throw AuthoringError(.invalidArgument, "give 1 to \(PostPhoto.limit) photos; found \(request.photos.count)")
        }
        guard request.alts.count <= request.photos.count else {
            throw AuthoringError(
                .invalidArgument, "\(request.alts.count) --alt for \(request.photos.count) photos; give at most one --alt per photo, in the photos' order")
        }
        let names = try Self.photoFileNames(for: request.photos)
        let alts = request.photos.indices.map { request.alts.indices.contains($0) ? ContentAuthor.nonBlank(request.alts[$0]) : nil }
        guard let id = ContentID(ids.next()) else {
            throw AuthoringError(.invalidArgument, "could not make a post ID")
        }
        let relativeFolder = ContentLayout.postFolder(id)
        let transaction = folder.transaction()
        let staged = try transaction.stageFolder(relativeFolder)
        var markdown = PostMarkdown(username: request.username, caption: caption)
        if names.count == 1 {
            markdown.alt = alts[0]
        } else {
            markdown.photos = Array(zip(names, alts))
        }
        do {
            for (source, name) in zip(request.photos, names) {
                try FileSystem.writeFile(staged + "/" + name, bytes: try FileSystem.readBytes(source))
            }
            try FileSystem.writeFile(ContentLayout.file(.post, in: staged), bytes: markdown.fileBytes)
        } catch {
            throw AuthoringError.fileSystem(error, shownAs: folder.display(relativeFolder))
        }
        var warnings = try transaction.commit { folder.verifyPost(id) }
        let shown = folder.display(relativeFolder) + "/"
        let postFile = SourceLocation(path: folder.display(ContentLayout.file(.post, ofPost: id)))
        if names.count == 1, alts[0] == nil {
            warnings.append(
                .warning(
                    .missingAltText, stage: .load, at: postFile,
                    "the post has no alt text; add it with 'timeline edit post \(id) --alt \"…\"' to describe the photo to people who cannot see it"))
        } else if names.count > 1 {
            for (index, alt) in alts.enumerated() where alt == nil {
                warnings.append(
                    .warning(
                        .missingAltText, stage: .load, at: postFile,
                        "photo \(index + 1) has no alt text; add it with 'timeline edit post \(id) --photo \(index + 1) --alt \"…\"' to describe it to people who cannot see it"
                    ))
            }
        }
        return AuthoringResult("Created post \(id) by \(request.username): \(shown)", id: id.rawValue, path: shown, warnings: warnings)
    }

    /// Each photo's or video's name in the post's folder, checked to be one
    /// (`mediaExtension`) and made unique within the post (`photo.jpg`, then `photo-2.jpg`).
    static func photoFileNames(for paths: [String]) throws(AuthoringError) -> [String] {
        var taken = Set<String>()
        var names: [String] = []
        for (index, path) in paths.enumerated() {
            let fileExtension = try mediaExtension(of: path, option: paths.count == 1 ? "the photo" : "photo \(index + 1)")
            names.append(unclaimedName(photoFileName(for: path, extension: fileExtension), extension: fileExtension, taken: &taken))
        }
        return names
    }

    /// The photo keeps its name when that is a plain one (letters, digits, `-`, `_`, `.`);
    /// else it becomes `photo.<extension>`.
    /// `name`, or `<stem>-2.<extension>`, `-3`, … when a name in `taken` (lowercased) has it
    /// already, ignoring case; the name chosen is added to `taken`.
    static func unclaimedName(_ name: String, extension fileExtension: String, taken: inout Set<String>) -> String {
        var unique = name
        var number = 2
        while taken.contains(unique.lowercased()) {
            unique = Path.stem(of: name) + "-\(number)." + fileExtension
            number += 1
        }
        taken.insert(unique.lowercased())
        return unique
    }

    static func photoFileName(for path: String, extension fileExtension: String) -> String {
        let name = Path.fileName(of: path)
        let plain =
            name.utf8.count <= AssetReader.maximumFileNameBytes && !name.hasPrefix(".")
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
