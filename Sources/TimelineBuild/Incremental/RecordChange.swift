import TimelineContent
import TimelineModel
import TimelineSite

/// A change that adds, removes or moves records of a built site: new posts (`NewPosts`), a
/// deleted post, a new, deleted or renamed user. An edit build puts it in place around the
/// edits of the records that keep their place (`EditBuild.edited`, `editedUsers`), which it
/// may bring with it. Each kind recognises itself in a change set (`plan`) and applies itself;
/// `EditBuild` names the kinds only in its list of them (`EditBuild.recordChangeKinds`), so a
/// new kind of change is a new type and one entry there.
protocol RecordChange {
    /// What this kind makes of the change set, tried in the order of `EditBuild.recordChangeKinds`.
    static func plan(_ request: EditBuild.Request) -> RecordChangePlan

    /// Search cards made again because the change moved their numbers: counted with the pages
    /// against an edit's page limit.
    var renumberedCards: Int { get }

    /// The shared values the change may change besides those of the edited records, named
    /// before it (in `site`): what `EditBuild.watchedValues` watches.
    func watchedValues(in site: LinkedSite) -> [ValueKey]

    /// Content paths (relative to the content folder) the change took away: every warning at
    /// or below one goes with it.
    var goneContent: [String] { get }

    /// Puts the change in `next` before the edited records go in, adding what it reaches to
    /// `reach` and what the search index needs to `search`; returns the image files it made to
    /// publish (`.empty` when none), or nil when one cannot be made (a whole pass then reports it).
    func applyBeforeEdits(to next: inout BuiltSite, reach: inout EditBuild.EditReach, search: inout EditBuild.SearchEdit) async -> EditBuild.ImageFiles?

    /// Finishes the change once the edited records are in place.
    func applyAfterEdits(to next: inout BuiltSite, reach: inout EditBuild.EditReach, search: inout EditBuild.SearchEdit)
}

extension RecordChange {
    func watchedValues(in site: LinkedSite) -> [ValueKey] { [] }
    var renumberedCards: Int { 0 }
    var goneContent: [String] { [] }

    func applyBeforeEdits(to next: inout BuiltSite, reach: inout EditBuild.EditReach, search: inout EditBuild.SearchEdit) async -> EditBuild.ImageFiles? {
        EditBuild.ImageFiles.empty
    }

    func applyAfterEdits(to next: inout BuiltSite, reach: inout EditBuild.EditReach, search: inout EditBuild.SearchEdit) {}
}

/// What a kind of record change makes of a change set.
enum RecordChangePlan {
    /// Not this kind of change: the next kind is asked.
    case notThisKind
    /// This kind, but not one an edit build can take: a whole pass builds it.
    case wholePass
    /// The edit build that takes it.
    case edit(EditBuild)
}

extension EditBuild {
    /// A change set as every kind of change plans from it: the records it reached, the site the
    /// last build left, and how to read a changed post folder or user file.
    struct Request {
        let records: ChangedRecords
        let built: BuiltSite
        let readPost: (String) -> PostFolderLoader.Loaded
        let readingUser: ((String) -> UserFileLoader.Loaded)?
        /// The user files to read (`userFilesToRead`), and those of them that are gone.
        let userFiles: Set<String>
        let goneUserFiles: Set<String>

        var site: LinkedSite { built.site }
        var options: BuildOptions { built.options }

        /// The index of the site's post whose folder is named `folder`; nil for a folder of no
        /// post of the site (a new post).
        func postIndex(ofFolder folder: String) -> Int? {
            ContentID(folder).flatMap(site.postIndex(of:))
        }
    }
}
