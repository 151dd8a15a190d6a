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
    var images: PublishedImages
    let theme: Theme
    var search: SearchIndex
    /// The manifest of the output folder as this session left it.
    var manifest: ManifestEntries
    /// The entries edit builds changed since the manifest file was written (its edits file).
    var edits: [String: BuildManifest.Entry] = [:]
    /// What each page of the output folder read of the values pages share.
    var pageReads: PageReads
    var warnings: [Diagnostic]
    var report: BuildReport
    /// The manifest files' status as this session left them: when another build wrote them
    /// since, what is kept here no longer describes the output folder.
    var stateStamp: [FileSystem.Status?]

    var site: LinkedSite { contexts.site }
}
