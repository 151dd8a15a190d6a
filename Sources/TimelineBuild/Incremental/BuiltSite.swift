import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem
import TimelineTemplates

/// Everything a completed build knew about the site, kept in memory by a live session
/// (`BuildSession`, used by `timeline serve`) so that an edit to a few posts is built from it
/// without loading, linking or looking at the rest of the site again.
struct BuiltSite: Sendable {
    let options: BuildOptions
    var contexts: PageContexts
    let images: PublishedImages
    let theme: Theme
    var search: SearchIndex
    /// The manifest of the output folder as this session left it.
    var manifest: [String: BuildManifest.Entry]
    /// The entries edit builds changed since the manifest file was written (its edits file).
    var edits: [String: BuildManifest.Entry] = [:]
    var warnings: [Diagnostic]
    var report: BuildReport
    /// The manifest files' status as this session left them: when another build wrote them
    /// since, what is kept here no longer describes the output folder.
    var stateStamp: [FileSystem.Status?]

    var site: LinkedSite { contexts.site }

    /// The index of each post by its folder name (its ID).
    let postIndexByID: [String: Int]

    init(
        options: BuildOptions, contexts: PageContexts, images: PublishedImages, theme: Theme, search: SearchIndex,
        manifest: [String: BuildManifest.Entry], warnings: [Diagnostic], report: BuildReport, stateStamp: [FileSystem.Status?]
    ) {
        self.options = options
        self.contexts = contexts
        self.images = images
        self.theme = theme
        self.search = search
        self.manifest = manifest
        self.warnings = warnings
        self.report = report
        self.stateStamp = stateStamp
        var byID: [String: Int] = [:]
        byID.reserveCapacity(contexts.site.posts.count)
        for (index, post) in contexts.site.posts.enumerated() { byID[post.id.rawValue] = index }
        postIndexByID = byID
    }
}
