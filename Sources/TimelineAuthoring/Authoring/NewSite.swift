import Foundation
import TimelineContent
import TimelineModel
import TimelineSystem

/// `timeline init`: a new site folder, ready for a first user and post and for publishing from
/// its own repository: `Content/site.json`, empty `Content/users/` and `Content/posts/` (each
/// with a `.gitkeep`, so a clone has them), a `.gitignore` for the output and the cache, and
/// the GitHub Actions workflow. No templates folder: the site uses the built-in theme. A folder
/// that is a site already is refused; in a half-made one, only what is missing is written.
public struct NewSite: Sendable {
    public var title: String
    public var baseURL: String?
    /// The tool's source and version the workflow builds (default: this version's).
    public var toolSource: String
    public var toolVersion: String

    public init(title: String, baseURL: String? = nil) {
        self.title = title
        self.baseURL = baseURL
        toolSource = TimelineVersion.sourceRepository
        toolVersion = TimelineVersion.tag
    }

    /// What `create` did, each path relative to the site folder.
    public struct Outcome: Sendable, Equatable {
        public var written: [String] = []
        /// Files already there, left as they were (a workflow of the site's own, say).
        public var kept: [String] = []
    }

    static let ignoredPaths = ["/Output/", "/.Output.*", "/.timeline-cache/"]

    /// Makes the site in `folder` (created when missing); `display` is how messages show it.
    public func create(in folder: String, display: String) throws(AuthoringError) -> Outcome {
        let shown = display.isEmpty || display.hasSuffix("/") ? display : display + "/"
        guard !title.allSatisfy(\.isWhitespace) else { throw AuthoringError(.invalidArgument, "the title must not be empty") }
        var normalisedBaseURL: String?
        if let baseURL {
            guard let normalised = SiteSettingsReader.normaliseBaseURL(baseURL) else {
                throw AuthoringError(
                    .invalidArgument, "--base-url must be an absolute http or https URL such as https://example.org/photos/, found '\(baseURL)'")
            }
            normalisedBaseURL = normalised
        }
        let contentFolder = "Content/"
        let settingsPath = contentFolder + ContentLayout.settingsFile
        guard FileSystem.kind(of: folder + "/" + settingsPath) == .missing else {
            throw AuthoringError(
                .alreadyExists, at: SourceLocation(path: shown + settingsPath),
                "this folder is a site already; 'timeline build' builds it, 'timeline serve' previews it")
        }
        var files: [(path: String, bytes: [UInt8])] = [(settingsPath, settings(baseURL: normalisedBaseURL))]
        var outcome = Outcome()
        for folderName in [ContentLayout.usersFolder, ContentLayout.postsFolder].map({ contentFolder + $0 })
        where FileSystem.kind(of: folder + "/" + folderName) == .missing {
            files.append((folderName + "/.gitkeep", []))
        }
        let ignore = gitignore(existing: try? FileSystem.readBytes(folder + "/.gitignore"))
        if let ignore { files.append((".gitignore", ignore)) } else { outcome.kept.append(".gitignore") }
        if FileSystem.kind(of: folder + "/" + SiteWorkflow.path) == .missing {
            files.append((SiteWorkflow.path, Array(SiteWorkflow.text(source: toolSource, version: toolVersion).utf8)))
        } else {
            outcome.kept.append(SiteWorkflow.path)
        }
        var written: [String] = []
        for (path, bytes) in files {
            let target = folder + "/" + path
            do {
                try FileSystem.makeDirectories(Path.parent(of: target))
                try FileSystem.writeAtomically(target, bytes: bytes)
            } catch {
                // All or nothing: take back what this run wrote (folders it made may stay, empty).
                for done in written where done != ".gitignore" { try? FileSystem.removeFileIfPresent(folder + "/" + done) }
                throw AuthoringError(.fileSystem, at: SourceLocation(path: shown + path), "cannot write: \(error.reason)")
            }
            written.append(path)
        }
        outcome.written = written
        return outcome
    }

    private func settings(baseURL: String?) -> [UInt8] {
        PrettyJSON.object([
            ("title", .string(title)),
            ("baseURL", baseURL.map(PrettyJSON.string)),
            ("language", .string("en")),
        ]).fileBytes
    }

    /// The `.gitignore` to write: a new one, or the existing one with the lines it lacks; nil
    /// when it has them all.
    private func gitignore(existing: [UInt8]?) -> [UInt8]? {
        let text = existing.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let present = Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = Self.ignoredPaths.filter { !present.contains($0) }
        guard !missing.isEmpty else { return nil }
        var result = text
        if !result.isEmpty && !result.hasSuffix("\n") { result += "\n" }
        if existing == nil { result += "# The built site, its staging folders and the build cache (timeline init).\n" }
        result += missing.joined(separator: "\n") + "\n"
        return Array(result.utf8)
    }
}
