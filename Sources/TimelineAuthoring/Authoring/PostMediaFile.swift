import TimelineContent
import TimelineModel
import TimelineSystem

extension ContentAuthor {
    /// The extension of a photo or video to copy into a post, once it is known to be one: a
    /// regular file named as a photo or video format. A video is also probed as the loader
    /// probes it (its first bytes its container's, then `ffprobe` reading it to its end), so
    /// that a file that is no video, or a broken one, is refused naming it before anything is
    /// written; the probe's finding is the error's diagnostic, with its code.
    static func mediaExtension(of path: String, option: String) throws(AuthoringError) -> String {
        guard FileSystem.resolvedKind(of: path) == .file else {
            throw AuthoringError(.invalidArgument, at: SourceLocation(path: path), "\(option): no such file")
        }
        let fileExtension = Path.fileExtension(of: path)
        guard let format = VideoFormat.extensions[fileExtension] else {
            guard AssetReader.isImageFileName(path) else {
                throw AuthoringError(
                    .invalidArgument, at: SourceLocation(path: path),
                    "\(option) must be a \(ImageHeader.Format.extensionList) photo or a \(VideoFormat.extensionList) video")
            }
            return fileExtension
        }
        if let problem = videoProblem(at: path, format: format) {
            throw AuthoringError(
                .invalidArgument, at: SourceLocation(path: path), "not a whole \(format.name) video, as its name says it is; nothing was written",
                diagnostics: [.error(problem.code, stage: .load, at: SourceLocation(path: path), problem.message)])
        }
        return fileExtension
    }

    /// Why the file at `path` is not a whole video of `format`; nil when it is one.
    private static func videoProblem(at path: String, format: VideoFormat) -> VideoProbe.Problem? {
        do {
            let (bytes, _) = try FileSystem.readPrefix(path, limit: 64)
            guard format.matches(bytes) else {
                return VideoProbe.Problem(code: .notAVideo, message: "its bytes do not start as \(format.name) video's do")
            }
        } catch {
            return VideoProbe.Problem(code: .unreadablePhoto, message: "cannot read it: \(error.reason)")
        }
        let file = SitePath(fileAsGiven: path)
        guard case .failure(let problem) = VideoProbe.probe(file, format: format, namedAt: SourceLocation(path: path)) else { return nil }
        return problem
    }
}
