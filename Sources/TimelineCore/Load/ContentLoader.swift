/// The load stage: reads `site.json`, every user and every post folder under the content
/// folder into records, collecting every problem on the way.
public struct ContentLoader: Sendable {
    /// Absolute path of the content folder.
    public let contentRoot: String
    /// How diagnostics name the content folder, e.g. `Content/`.
    public let displayPrefix: String
    /// Overrides site.json's baseURL (the `--base-url` option).
    public let baseURLOverride: String?

    public init(contentRoot: String, displayPrefix: String, baseURLOverride: String? = nil) {
        self.contentRoot = contentRoot
        self.displayPrefix = displayPrefix
        self.baseURLOverride = baseURLOverride
    }

    public func load() async -> (SiteContent?, DiagnosticList) {
        var diagnostics = DiagnosticList()
        guard FileSystem.resolvedKind(of: contentRoot) == .directory, let canonicalRoot = FileSystem.canonicalPath(contentRoot) else {
            diagnostics.append(.error(.unreadableFile, stage: .load, at: SourceLocation(path: displayPrefix), "the content folder does not exist"))
            return (nil, diagnostics)
        }
        let assets = AssetReader(contentRoot: contentRoot, canonicalContentRoot: canonicalRoot, displayPrefix: displayPrefix)

        let settings = loadSettings(into: &diagnostics)
        let (users, unreadableUsernames) = await loadUsers(assets: assets, into: &diagnostics)
        let posts = await loadPosts(assets: assets, into: &diagnostics)
        guard var settings else { return (nil, diagnostics) }
        if let baseURLOverride {
            if let normalised = SiteSettingsReader.normaliseBaseURL(baseURLOverride) {
                settings.baseURL = normalised
            } else {
                diagnostics.append(.error(.invalidValue, stage: .load, at: SourceLocation(path: "--base-url"), "must be an absolute http or https URL, found '\(baseURLOverride)'"))
            }
        }
        let content = SiteContent(settings: settings, users: users, posts: posts, unreadableUsernames: unreadableUsernames)
        return (content, diagnostics)
    }

    private func loadSettings(into diagnostics: inout DiagnosticList) -> SiteSettings? {
        let shown = displayPrefix + "site.json"
        do {
            let file = SourceFile(path: shown, bytes: try FileSystem.readBytes(contentRoot + "/site.json"))
            let (settings, problems) = SiteSettingsReader.read(file)
            diagnostics.append(contentsOf: problems)
            return settings
        } catch {
            diagnostics.append(.error(.unreadableFile, stage: .load, at: SourceLocation(path: shown), "cannot read the site settings: \(error.reason)"))
            return nil
        }
    }

    private func loadUsers(assets: AssetReader, into diagnostics: inout DiagnosticList) async -> ([User], Set<String>) {
        let folder = contentRoot + "/users"
        let names: [String]
        do {
            names = try FileSystem.entries(of: folder)
        } catch {
            diagnostics.append(.error(.unreadableFile, stage: .load, at: SourceLocation(path: displayPrefix + "users/"), "cannot list the users folder: \(error.reason)"))
            return ([], [])
        }
        let userFiles = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
        let reader = UserReader(assets: assets)
        let prefix = displayPrefix
        let results = await ParallelMap.map(userFiles) { name -> (User?, [Diagnostic]) in
            let shown = prefix + "users/" + name
            let bytes: [UInt8]
            do throws(FileSystem.Failure) {
                bytes = try FileSystem.readBytes(folder + "/" + name)
            } catch {
                return (nil, [.error(.unreadableFile, stage: .load, at: SourceLocation(path: shown), "cannot read: \(error.reason)")])
            }
            return reader.read(SourceFile(path: shown, bytes: bytes), expectedUsername: String(name.dropLast(5)))
        }
        var users: [User] = []
        var unreadable = Set<String>()
        for (name, (user, problems)) in zip(userFiles, results) {
            diagnostics.append(contentsOf: problems)
            if let user { users.append(user) } else { unreadable.insert(String(name.dropLast(5))) }
        }
        return (users, unreadable)
    }

    private func loadPosts(assets: AssetReader, into diagnostics: inout DiagnosticList) async -> [Post] {
        let folder = contentRoot + "/posts"
        let names: [String]
        do {
            names = try FileSystem.entries(of: folder)
        } catch {
            diagnostics.append(.error(.unreadableFile, stage: .load, at: SourceLocation(path: displayPrefix + "posts/"), "cannot list the posts folder: \(error.reason)"))
            return []
        }
        let reader = PostReader(contentRoot: contentRoot, displayPrefix: displayPrefix, assets: assets)
        let prefix = displayPrefix
        let results = await ParallelMap.map(names.filter { !$0.hasPrefix(".") }) { name -> (Post?, [Diagnostic]) in
            let location = SourceLocation(path: prefix + "posts/" + name)
            guard FileSystem.resolvedKind(of: folder + "/" + name) == .directory else {
                return (nil, [.warning(.unknownKey, stage: .load, at: location, "not a post folder, ignored: each post is a folder posts/<post-id>/")])
            }
            guard let id = ContentID(name) else {
                return (nil, [.error(.invalidID, stage: .load, at: location, "invalid post ID '\(name)': a post folder's name must be 1 to 64 characters from A-Z, a-z, 0-9, '_' and '-'")])
            }
            return reader.read(id: id, folder: "posts/" + name)
        }
        var posts: [Post] = []
        for (post, problems) in results {
            diagnostics.append(contentsOf: problems)
            if let post { posts.append(post) }
        }
        return posts
    }
}
