import TimelineModel
import TimelineSystem

/// Finds and checks a photo or avatar named by a record: the path must stay inside its folder,
/// a symbolic link must not lead out of the content folder, and the file must be a JPEG, PNG
/// WebP, HEIF or AVIF image whose size can be read.
package struct AssetReader: Sendable {
    /// The content folder, and its absolute path with symbolic links resolved.
    package let content: SitePath
    package let canonicalContentRoot: String

    package init(content: SitePath, canonicalContentRoot: String) {
        self.content = content
        self.canonicalContentRoot = canonicalContentRoot
    }

    static let headerPrefixLength = 64 * 1024

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
    /// relative to the content root (`posts/<id>` or `users`). `folderIsReal` says the caller
    /// knows the folder and those above it inside the content are no symbolic links: then a
    /// plain file named directly in it is inside the content without resolving its path.
    package func read(reference: String, inFolder folder: String, folderIsReal: Bool = false) -> Outcome {
        if reference.hasPrefix("/") || reference.hasPrefix("~") {
            return .problem(.photoOutsidePost, "'\(reference)' is an absolute path; name a file inside \(content.shown)\(folder)/")
        }
        let components = reference.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains("..") || reference.contains("\\") || reference.contains("\0") {
            return .problem(.photoOutsidePost, "'\(reference)' leaves its folder \(content.shown)\(folder)/")
        }
        if components.contains(where: \.isEmpty) || components.contains(".") {
            return .problem(.invalidValue, "'\(reference)' is not a plain relative path")
        }
        let relativePath = folder + "/" + reference
        let absolutePath = content.absolute + "/" + relativePath
        let shownPath = content.shown + relativePath
        let kind = FileSystem.kind(of: absolutePath)
        guard kind != .missing else {
            return .problem(.missingPhoto, "image file '\(reference)' does not exist (looked for \(shownPath))\(similarImage(to: reference, inFolder: folder))")
        }
        let canonical: String
        if folderIsReal && kind == .file && components.count == 1 {
            canonical = absolutePath
        } else {
            guard let resolved = FileSystem.canonicalPath(absolutePath) else {
                return .problem(.missingPhoto, "image file '\(reference)' is a broken symbolic link (\(shownPath))")
            }
            guard Path.isInside(resolved, directory: canonicalContentRoot) else {
                return .problem(.photoOutsidePost, "image file '\(reference)' is a symbolic link that leads out of the content folder")
            }
            guard FileSystem.resolvedKind(of: resolved) == .file else {
                return .problem(.unreadablePhoto, "image '\(reference)' is not a regular file")
            }
            canonical = resolved
        }
        let fileName = Path.fileName(of: reference)
        guard let expectedFormat = ImageHeader.Format.extensions[Path.fileExtension(of: fileName)] else {
            return .problem(.unreadablePhoto, "image '\(reference)' must be a \(ImageHeader.Format.extensionList) file")
        }
        let header: ImageHeader
        let byteCount: Int
        do {
            var (bytes, size) = try FileSystem.readPrefix(canonical, limit: Self.headerPrefixLength)
            if ImageHeader.read(bytes) == nil, size > bytes.count, ImageHeader.looksLikeTruncatedJPEG(bytes) {
                bytes = try FileSystem.readBytes(canonical)
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
                relativePath: relativePath, fileName: fileName, byteCount: byteCount, pixelSize: header.size,
                mediaType: header.format.mediaType))
    }

    /// "; did you mean 'rocket.jpg'?" when the folder `reference` names holds an image whose
    /// name is close to the one written (`rocket.jpeg`), else nothing.
    private func similarImage(to reference: String, inFolder folder: String) -> String {
        let parent = Path.parent(of: reference)
        let directory = parent == "." ? folder : folder + "/" + parent
        let images = ((try? FileSystem.entries(of: content.absolute + "/" + directory)) ?? []).filter { Self.isImageFileName($0) && !$0.hasPrefix(".") }
        guard let name = Suggestion.closest(to: Path.fileName(of: reference), among: images) else { return "" }
        return "; did you mean '\(parent == "." ? name : parent + "/" + name)'?"
    }

    static func isImageFileName(_ name: String) -> Bool {
        ImageHeader.Format.extensions[Path.fileExtension(of: name)] != nil
    }
}
