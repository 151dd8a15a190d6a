import TimelineModel
import TimelineSystem

/// Finds and checks a photo, avatar or video named by a record: the path must stay inside its
/// folder, a symbolic link must not lead out of the content folder, and the file must be a
/// JPEG, PNG, WebP, HEIF or AVIF image whose size can be read, or a video FFmpeg reads whole.
package struct AssetReader: Sendable {
    /// The content folder, and its absolute path with symbolic links resolved.
    package let content: SitePath
    package let canonicalContentRoot: String

    package init(content: SitePath, canonicalContentRoot: String) {
        self.content = content
        self.canonicalContentRoot = canonicalContentRoot
    }

    /// The reader of `content` on its own (an edit build's); nil when the folder cannot be
    /// resolved.
    package init?(content: SitePath) {
        guard let canonicalRoot = FileSystem.canonicalPath(content.absolute) else { return nil }
        self.init(content: content, canonicalContentRoot: canonicalRoot)
    }

    static let headerPrefixLength = 64 * 1024

    /// The most bytes a photo or avatar file may hold (64 MiB): a larger one is refused at load,
    /// before any stage reads it.
    package static let maximumPhotoBytes = 64 << 20

    /// The most bytes of UTF-8 a photo, avatar or video file's name may have (100, as the
    /// authoring commands and the imports name files): the published files' names add a size,
    /// a digest and an extension to it, and must stay within the 255 bytes a file name may have.
    package static let maximumFileNameBytes = 100

    package enum Outcome {
        case asset(ContentAsset)
        case problem(DiagnosticCode, String)
    }

    /// Whether the file or folder at `relativePath` is a symbolic link that leads out of the
    /// content folder. Records are read through links that stay inside it (a post folder linked
    /// from elsewhere in the content); one read from outside would publish a file from anywhere
    /// on the machine. A broken link is left to the reader, which reports it missing.
    package func leavesContent(_ relativePath: String) -> Bool {
        let path = content.absolute + "/" + relativePath
        guard FileSystem.kind(of: path) == .symbolicLink, let canonical = FileSystem.canonicalPath(path) else { return false }
        return !Path.isInside(canonical, directory: canonicalContentRoot)
    }

    /// The error for a record file or folder that `leavesContent`.
    func outsideContent(_ relativePath: String) -> Diagnostic {
        .error(
            .fileOutsideContent, stage: .load, at: SourceLocation(path: content.shown + relativePath),
            "a symbolic link that leads out of the content folder: content is read only from inside \(content.shown)")
    }

    /// Checks `reference` (a relative path written in a record) against `folder`, which is
    /// relative to the content root (`posts/<id>` or `users`), and reads the photo's header.
    /// `folderIsReal` says the caller knows the folder and those above it inside the content are
    /// no symbolic links: then a plain file named directly in it is inside the content without
    /// resolving its path.
    package func read(reference: String, inFolder folder: String, folderIsReal: Bool = false) -> Outcome {
        let file: LocatedFile
        switch locate(reference: reference, inFolder: folder, folderIsReal: folderIsReal) {
        case .success(let located): file = located
        case .failure(let problem): return .problem(problem.code, problem.message)
        }
        guard let expectedFormat = ImageHeader.Format.extensions[Path.fileExtension(of: file.fileName)] else {
            return .problem(.unreadablePhoto, "image '\(reference)' must be a \(ImageHeader.Format.extensionList) file")
        }
        let header: ImageHeader
        let byteCount: Int
        do {
            var (bytes, size) = try FileSystem.readPrefix(file.canonical, limit: Self.headerPrefixLength)
            guard size <= Self.maximumPhotoBytes else {
                return .problem(
                    .photoTooLarge,
                    "image '\(reference)' is \(size) bytes, more than the limit of \(Self.maximumPhotoBytes) (64 MiB) a photo or avatar may have")
            }
            if ImageHeader.read(bytes) == nil, size > bytes.count, ImageHeader.looksLikeTruncatedJPEG(bytes) {
                bytes = try FileSystem.readBytes(file.canonical)
            }
            guard let parsed = ImageHeader.read(bytes) else {
                return .problem(.unreadablePhoto, "'\(reference)' is not a readable \(ImageHeader.Format.nameList) image")
            }
            header = parsed
            byteCount = size
        } catch {
            return .problem(.unreadablePhoto, "cannot read image '\(reference)': \(error.reason)")
        }
        guard header.format == expectedFormat else {
            return .problem(
                .unreadablePhoto,
                "'\(reference)' holds a \(header.format.name) image but its name says \(expectedFormat.name); rename it"
            )
        }
        return .asset(
            ContentAsset(
                relativePath: file.relativePath, fileName: file.fileName, byteCount: byteCount, pixelSize: header.size,
                mediaType: header.format.mediaType))
    }

    /// Checks `reference` as `read` does, then probes the video it names (`VideoProbe`): its
    /// first bytes must be its format's container, and FFmpeg must read it whole.
    package func readVideo(reference: String, inFolder folder: String, folderIsReal: Bool, namedAt: SourceLocation) -> VideoOutcome {
        let file: LocatedFile
        switch locate(reference: reference, inFolder: folder, folderIsReal: folderIsReal) {
        case .success(let located): file = located
        case .failure(let problem): return .problem(problem.code, problem.message)
        }
        guard let format = VideoFormat.extensions[Path.fileExtension(of: file.fileName)] else {
            return .problem(.notAVideo, "video '\(reference)' must be a \(VideoFormat.extensionList) file")
        }
        let byteCount: Int
        do {
            let (bytes, size) = try FileSystem.readPrefix(file.canonical, limit: 64)
            guard format.matches(bytes) else {
                return .problem(.notAVideo, "'\(reference)' holds no \(format.name) video: its bytes do not start as that format's do")
            }
            byteCount = size
        } catch {
            return .problem(.unreadablePhoto, "cannot read video '\(reference)': \(error.reason)")
        }
        switch VideoProbe.probe(SitePath(absolute: file.canonical, shown: file.shown), format: format, namedAt: namedAt) {
        case .failure(let problem):
            return .problem(problem.code, "video '\(reference)': \(problem.message)")
        case .success(let details):
            let asset = ContentAsset(
                relativePath: file.relativePath, fileName: file.fileName, byteCount: byteCount, pixelSize: details.displaySize, mediaType: format.mediaType)
            return .video(asset, details)
        }
    }

    package enum VideoOutcome {
        case video(ContentAsset, VideoDetails)
        case problem(DiagnosticCode, String)
    }

    /// A file a record names, found inside its folder.
    private struct LocatedFile {
        let relativePath: String
        let fileName: String
        /// Its absolute path, symbolic links resolved.
        let canonical: String
        let shown: String
    }

    private struct LocateProblem: Error {
        let code: DiagnosticCode
        let message: String
    }

    /// The path checks every photo, avatar and video passes: inside its folder, no link out of
    /// the content, a regular file.
    private func locate(reference: String, inFolder folder: String, folderIsReal: Bool) -> Result<LocatedFile, LocateProblem> {
        func problem(_ code: DiagnosticCode, _ message: String) -> Result<LocatedFile, LocateProblem> {
            .failure(LocateProblem(code: code, message: message))
        }
        if reference.hasPrefix("/") || reference.hasPrefix("~") {
            return problem(.photoOutsidePost, "'\(reference)' is an absolute path; name a file inside \(content.shown)\(folder)/")
        }
        // By byte: Foundation's search for a string cost more than reading the photo's header.
        let components = reference.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { Substring($0) }
        if components.contains("..") || reference.containsUTF8Byte(UInt8(ascii: "\\")) || reference.containsUTF8Byte(0) {
            return problem(.photoOutsidePost, "'\(reference)' leaves its folder \(content.shown)\(folder)/")
        }
        if components.contains(where: \.isEmpty) || components.contains(".") {
            return problem(.invalidValue, "'\(reference)' is not a plain relative path")
        }
        if let name = components.last, name.utf8.count > Self.maximumFileNameBytes {
            return problem(
                .fileNameTooLong,
                "the file name '\(name.prefix(40))…' is \(name.utf8.count) bytes; a photo, avatar or video file name may have at most \(Self.maximumFileNameBytes) (the names of its published files add to it): rename the file"
            )
        }
        let relativePath = folder + "/" + reference
        let absolutePath = content.absolute + "/" + relativePath
        let shownPath = content.shown + relativePath
        let kind = FileSystem.kind(of: absolutePath)
        let noun = Self.isVideoFileName(reference) ? "video" : "image"
        guard kind != .missing else {
            return problem(
                .missingPhoto, "\(noun) file '\(reference)' does not exist (looked for \(shownPath))\(similarImage(to: reference, inFolder: folder))")
        }
        let canonical: String
        if folderIsReal && kind == .file && components.count == 1 {
            canonical = absolutePath
        } else {
            guard let resolved = FileSystem.canonicalPath(absolutePath) else {
                return problem(.missingPhoto, "\(noun) file '\(reference)' is a broken symbolic link (\(shownPath))")
            }
            guard Path.isInside(resolved, directory: canonicalContentRoot) else {
                return problem(.photoOutsidePost, "\(noun) file '\(reference)' is a symbolic link that leads out of the content folder")
            }
            guard FileSystem.resolvedKind(of: resolved) == .file else {
                return problem(.unreadablePhoto, "\(noun) '\(reference)' is not a regular file")
            }
            canonical = resolved
        }
        return .success(LocatedFile(relativePath: relativePath, fileName: Path.fileName(of: reference), canonical: canonical, shown: shownPath))
    }

    /// "; did you mean 'rocket.jpg'?" when the folder `reference` names holds an image whose
    /// name is close to the one written (`rocket.jpeg`), else nothing.
    private func similarImage(to reference: String, inFolder folder: String) -> String {
        let parent = Path.parent(of: reference)
        let directory = parent == "." ? folder : folder + "/" + parent
        let images = ((try? FileSystem.entries(of: content.absolute + "/" + directory)) ?? []).filter { Self.isMediaFileName($0) && !$0.hasPrefix(".") }
        guard let name = Suggestion.closest(to: Path.fileName(of: reference), among: images) else { return "" }
        return "; did you mean '\(parent == "." ? name : parent + "/" + name)'?"
    }

    package static func isImageFileName(_ name: String) -> Bool {
        ImageHeader.Format.extensions[Path.fileExtension(of: name)] != nil
    }

    package static func isVideoFileName(_ name: String) -> Bool {
        VideoFormat.extensions[Path.fileExtension(of: name)] != nil
    }

    /// A photo or a video: a file a post shows.
    package static func isMediaFileName(_ name: String) -> Bool {
        isImageFileName(name) || isVideoFileName(name)
    }
}
