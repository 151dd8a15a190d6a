/// A live build session, for a process that rebuilds the same site again and again
/// (`timeline serve`): it keeps the last built site in memory, and when it is told which files
/// changed and they are edits of posts' captions, comments or likes, it builds them as an edit
/// (`PostEditBuild`), looking only at what shows those posts. Any other change, a failed
/// build, or a build state another process wrote meanwhile means a whole (incremental) build,
/// which gives the session a new site to start from.
public actor BuildSession {
    public let options: BuildOptions
    private var built: BuiltSite?

    public init(options: BuildOptions) {
        self.options = options
    }

    /// Builds the site after `changes` (absolute paths of changed files and folders; nil when
    /// unknown, as for the first build).
    public func build(changes: [String]? = nil) async throws(BuildFailure) -> BuildReport {
        if let built, let changes, built.stateStamp == stateFolder.stamp, let edit = PostEditBuild.plan(changes, built: built) {
            do {
                let (report, next) = try await edit.run()
                self.built = next
                return report
            } catch {
                self.built = nil
                throw error
            }
        }
        built = nil
        let (report, site) = try await SiteBuilder.run(options, keepingSite: true)
        built = site
        return report
    }

    private var stateFolder: BuildStateFolder {
        BuildStateFolder(cacheRoot: options.absolute(options.cache), outputRoot: options.absolute(options.output))
    }
}
