import Foundation
import TimelineModel
import TimelineSystem

/// The load stage: reads `site.json`, every user and every post folder under the content
/// folder into records, collecting every problem on the way.
public struct ContentLoader: Sendable {
    /// The content folder (`Content/`).
    public let contentFolder: SitePath
    /// Overrides site.json's baseURL (the `--base-url` option).
    public let baseURLOverride: String?
    /// Turns relative URLs on whatever site.json says (the `--relative-urls` option).
    public let forcesRelativeURLs: Bool
    /// Overrides site.json's precompress (`--precompress`, `--no-precompress`).
    public let precompressOverride: Bool?

    public init(
        contentFolder: SitePath, baseURLOverride: String? = nil, forcesRelativeURLs: Bool = false, precompressOverride: Bool? = nil
    ) {
        self.contentFolder = contentFolder
        self.baseURLOverride = baseURLOverride
        self.forcesRelativeURLs = forcesRelativeURLs
        self.precompressOverride = precompressOverride
    }

    public func load() async -> (SiteContent?, DiagnosticList) {
        let (content, diagnostics, _) = await load(reusing: nil)
        return (content, diagnostics)
    }

    /// Loads, taking users and posts from `previous` as `reuse` says; also returns the records
    /// for the next build's cache. `known` gives the inputs the last build noted for a record's
    /// place (its post folder or user file) where `previous` has no entry: the identities of
    /// files whose status is the same are taken from them instead of hashing the files again.
    package func load(reusing previous: RecordCache?, reuse: RecordReuse = .whenCurrent, known: RecordCache.KnownInputs? = nil) async -> (
        SiteContent?, DiagnosticList, RecordCache
    ) {
        let previous = previous.flatMap { $0.displayPrefix == contentFolder.shown && $0.tool == BuildTool.digest ? $0 : nil }
        var cache = RecordCache(displayPrefix: contentFolder.shown)
        var diagnostics = DiagnosticList()
        guard FileSystem.resolvedKind(of: contentFolder.absolute) == .directory, let canonicalRoot = FileSystem.canonicalPath(contentFolder.absolute) else {
            diagnostics.append(
                .error(.unreadableFile, stage: .load, at: SourceLocation(path: contentFolder.shown), "the content folder does not exist\(Self.startHint)"))
            return (nil, diagnostics, cache)
        }
        let assets = AssetReader(content: contentFolder, canonicalContentRoot: canonicalRoot)
        let identities = FileIdentities(root: contentFolder.absolute)

        let escapes = (ContentLayout.topLevelEntries + ContentLayout.optionalTopLevelEntries).filter(assets.leavesContent)
        guard escapes.isEmpty else {
            diagnostics.append(contentsOf: escapes.map(assets.outsideContent))
            return (nil, diagnostics, cache)
        }
        let settings = loadSettings(into: &diagnostics)
        let known = known ?? { _ in [] }
        let (users, unreadableUsernames) = await loadUsers(
            assets: assets, identities: identities, previous: previous?.users ?? [:], reuse: reuse, known: known, into: &diagnostics,
            cache: &cache.users)
        let posts = await loadPosts(
            assets: assets, identities: identities, previous: previous?.posts ?? [:], reuse: reuse, known: known, into: &diagnostics,
            cache: &cache.posts)
        let albums = await AlbumFolderLoader(contentFolder: contentFolder, assets: assets).load(into: &diagnostics)
        guard let settings else { return (nil, diagnostics, cache) }
        let content = SiteContent(settings: settings, users: users, posts: posts, albums: albums, unreadableUsernames: unreadableUsernames)
        return (content, diagnostics, cache)
    }

    /// What a folder that is not (yet) a site needs: `timeline init` makes the content folder,
    /// `site.json`, `users/` and `posts/`.
    package static let startHint = "; to start a site here, run 'timeline init'"

    private static func hint(_ error: FileSystem.Failure) -> String {
        error.code == ENOENT ? " ('timeline init' makes a new site's files)" : ""
    }

    /// The site's settings: `site.json` with the command line's overrides.
    package func loadSettings(into diagnostics: inout DiagnosticList) -> SiteSettings? {
        let shown = contentFolder.shown + ContentLayout.settingsFile
        do {
            let file = SourceFile(path: shown, bytes: try FileSystem.readBytes(contentFolder.absolute + "/" + ContentLayout.settingsFile))
            let (read, problems) = SiteSettingsReader.read(file)
            diagnostics.append(contentsOf: problems)
            guard var settings = read else { return nil }
            if let baseURLOverride {
                if let normalised = SiteSettingsReader.normaliseBaseURL(baseURLOverride) {
                    settings.baseURL = normalised
                } else {
                    diagnostics.append(
                        .error(
                            .invalidValue, stage: .load, at: SourceLocation(path: "--base-url"),
                            "must be an absolute http or https URL, found '\(baseURLOverride)'"))
                }
            }
            if forcesRelativeURLs { settings.relativeURLs = true }
            if let precompressOverride { settings.precompress = precompressOverride }
            return settings
        } catch {
            diagnostics.append(
                .error(.unreadableFile, stage: .load, at: SourceLocation(path: shown), "cannot read the site settings: \(error.reason)\(Self.hint(error))"))
            return nil
        }
    }

    private func loadUsers(
        assets: AssetReader, identities: FileIdentities, previous: [String: RecordCache.Entry<User>], reuse: RecordReuse,
        known: @escaping RecordCache.KnownInputs, into diagnostics: inout DiagnosticList,
        cache: inout [String: RecordCache.Entry<User>]
    ) async -> ([User], Set<String>) {
        let folder = contentFolder.absolute + "/" + ContentLayout.usersFolder
        let names: [String]
        do {
            names = try FileSystem.entries(of: folder)
        } catch {
            diagnostics.append(
                .error(
                    .unreadableFile, stage: .load, at: SourceLocation(path: contentFolder.shown + ContentLayout.usersFolder + "/"),
                    "cannot list the users folder: \(error.reason)\(Self.hint(error))"))
            return ([], [])
        }
        let userFiles = names.filter(ContentLayout.isUserFileName)
        let loader = UserFileLoader(contentFolder: contentFolder, assets: assets, identities: identities)
        let results = await ParallelMap.map(userFiles) { name -> UserFileLoader.Loaded in
            if let reused = reuse.entry(previous[name], identities: identities) { return (reused.record, reused.warnings, reused) }
            return loader.load(fileNamed: name, known: previous[name]?.dependencies ?? known(ContentLayout.fileInUsersFolder(named: name)))
        }
        var users: [User] = []
        var unreadable = Set<String>()
        for (name, (user, problems, entry)) in zip(userFiles, results) {
            diagnostics.append(contentsOf: problems)
            if let user { users.append(user) } else { unreadable.insert(ContentLayout.username(ofUserFileNamed: name)) }
            if let entry { cache[name] = entry }
        }
        return (users, unreadable)
    }

    /// A record worth keeping: read without errors, from files that could all be stated.
    static func cacheEntry<Record: Sendable>(
        _ record: Record?, _ problems: [Diagnostic], _ dependencies: [RecordCache.Dependency]?, extra: [String], identities: FileIdentities,
        known: [RecordCache.Dependency]
    ) -> RecordCache.Entry<Record>? {
        guard let record, let dependencies, !problems.contains(where: { $0.severity == .error }),
            let extraDependencies = RecordCache.dependencies(extra, identities: identities, known: known)
        else { return nil }
        return RecordCache.Entry(dependencies: dependencies + extraDependencies, record: record, warnings: problems)
    }

    /// The entry with its photo's or avatar's identity (at `path`) as its dependencies found it:
    /// they are taken before the record is read, so a file changed meanwhile is read again next
    /// time. Without an entry (a record with errors) the asset keeps no identity.
    static func withAssetIdentity<Record>(
        _ entry: RecordCache.Entry<Record>?, path: String?, set: (inout Record, Digest?) -> Void
    ) -> RecordCache.Entry<Record>? {
        guard let entry, let path, let identity = entry.dependencies.first(where: { $0.path == path })?.identity else { return entry }
        var record = entry.record
        set(&record, identity)
        return RecordCache.Entry(dependencies: entry.dependencies, record: record, warnings: entry.warnings)
    }

    private func loadPosts(
        assets: AssetReader, identities: FileIdentities, previous: [String: RecordCache.Entry<Post>], reuse: RecordReuse,
        known: @escaping RecordCache.KnownInputs, into diagnostics: inout DiagnosticList,
        cache: inout [String: RecordCache.Entry<Post>]
    ) async -> [Post] {
        let folder = contentFolder.absolute + "/" + ContentLayout.postsFolder
        let names: [String]
        do {
            names = try FileSystem.entries(of: folder)
        } catch {
            diagnostics.append(
                .error(
                    .unreadableFile, stage: .load, at: SourceLocation(path: contentFolder.shown + ContentLayout.postsFolder + "/"),
                    "cannot list the posts folder: \(error.reason)\(Self.hint(error))"))
            return []
        }
        let folderNames = names.filter { !$0.hasPrefix(".") }
        for (name, first) in CaseConflicts.pairs(folderNames) {
            diagnostics.append(
                .error(
                    .caseConflict, stage: .load, at: SourceLocation(path: contentFolder.shown + ContentLayout.postsFolder + "/" + name + "/"),
                    "post ID '\(name)' differs from '\(first)' only in case: on a case-insensitive file system (macOS, Windows) the two folders are one, so a clone there loses a post; give one of them another ID"
                ))
        }
        let loader = PostFolderLoader(contentFolder: contentFolder, assets: assets, identities: identities)
        let results = await ParallelMap.map(folderNames) { name -> (Post?, [Diagnostic], RecordCache.Entry<Post>?) in
            // A folder's times change when an entry is added, removed or renamed in it, so its
            // status and its files' statuses together say the post is unchanged.
            if let reused = reuse.entry(previous[name], identities: identities) { return (reused.record, reused.warnings, reused) }
            return loader.load(named: name, known: previous[name]?.dependencies ?? known(ContentLayout.postFolder(named: name)))
        }
        var posts: [Post] = []
        for (name, (post, problems, entry)) in zip(folderNames, results) {
            diagnostics.append(contentsOf: problems)
            if let post { posts.append(post) }
            if let entry { cache[name] = entry }
        }
        return posts
    }
}
