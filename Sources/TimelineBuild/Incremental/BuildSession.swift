import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineTemplates

/// A live build session, for a process that rebuilds the same site again and again
/// (`timeline serve`): it keeps the last built site in memory, and when it is told which files
/// changed and they are edits of posts' captions, comments or likes, it builds them as an edit
/// (`EditBuild`), looking only at what shows those posts. Any other change, a failed
/// build, or a build state another process wrote meanwhile means a whole (incremental) build,
/// which gives the session a new site to start from.
public actor BuildSession {
    public let options: BuildOptions
    private var built: BuiltSite?
    /// Whether this session's edits removed the state's reads since its last whole pass wrote them.
    private var forgotStateReads = false

    public init(options: BuildOptions) {
        self.options = options
    }

    /// Builds the site after `changes` (absolute paths of changed files and folders; nil when
    /// unknown, as for the first build).
    public func build(changes: [String]? = nil) async throws(BuildFailure) -> BuildReport {
        let stamp = BuildStateFolder(options: options).stamp
        // What the pages read, as this session left the output; not when another process built since.
        var reads = built.flatMap { $0.stateStamp == stamp ? $0.pageReads : nil }
        if var current = built, let changes, current.stateStamp == stamp, let edit = EditBuild.plan(changes, built: current) {
            // Handed over whole, so that the edit changes it in place; a failed edit leaves none.
            built = nil
            // What the pages read is kept here from now on: the state's reads describe the
            // output as the last whole pass left it, which this edit changes.
            if !forgotStateReads {
                BuildStateFolder(options: options).forgetPageReads()
                forgotStateReads = true
            }
            if let report = try await edit.run(on: &current) {
                built = current
                return report
            }
            // Given up before writing anything.
            reads = current.pageReads
        }
        built = nil
        let (report, site) = try await SiteBuilder.run(options, keepingSite: true, knownReads: reads)
        forgotStateReads = false
        built = site
        return report
    }
}
