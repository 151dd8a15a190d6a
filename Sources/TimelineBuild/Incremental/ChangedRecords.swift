import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem

/// The records a change set reaches, by the place of each changed file in the content layout:
/// what an edit build may take.
extension EditBuild {
    /// The records a change set reached: post folders and user files, by name, and the
    /// albums of some owners or of all.
    struct ChangedRecords {
        var postFolders = Set<String>()
        var userFiles = Set<String>()
        /// Files of the users folder other than user files, by name: avatars.
        var otherUserFolderFiles = Set<String>()
        /// The owners whose albums folders changed, by the folder's name; every owner's when
        /// the albums folder itself did (an owner's folder came or went).
        var albumOwners = Set<String>()
        var everyAlbumOwner = false

        /// Whether a user's file or an avatar changed.
        var touchesUsers: Bool { !userFiles.isEmpty || !otherUserFolderFiles.isEmpty }
        var touchesAlbums: Bool { everyAlbumOwner || !albumOwners.isEmpty }
    }

    /// The post folders and user files `changes` (absolute paths) are in, or nil when one is
    /// neither a post's file or folder nor a user's file.
    static func changedRecords(of changes: [String], contentRoot: String) -> ChangedRecords? {
        var records = ChangedRecords()
        for path in changes {
            switch SitePath.relative(path, to: contentRoot).flatMap(record(at:)) {
            case .postFolder(let folder)?, .otherFileInPostFolder(let folder)?: records.postFolders.insert(folder)
            case .userFile(let name)?: records.userFiles.insert(name)
            case .otherFileInUsersFolder(let name)?: records.otherUserFolderFiles.insert(name)
            case .albumsOf(let owner?)?: records.albumOwners.insert(owner)
            case .albumsOf(nil)?: records.everyAlbumOwner = true
            case nil: return nil
            }
        }
        return records
    }

    /// A record an edit build may take a change of.
    enum EditableRecord {
        /// A post folder, by name.
        case postFolder(String)
        /// A file of a post folder other than its records (a photo), by the folder's name.
        case otherFileInPostFolder(String)
        /// A user's file, by name.
        case userFile(String)
        /// Another file of the users folder (an avatar), by name.
        case otherFileInUsersFolder(String)
        /// The albums of one owner, by their folder's name; of every owner for nil (the albums
        /// folder).
        case albumsOf(owner: String?)
    }

    /// The record whose file or folder `relativePath` (relative to the content folder) is, when
    /// an edit build may take a change of it: a post's file or folder, a user's file, an
    /// album's file or folder.
    static func record(at relativePath: String) -> EditableRecord? {
        switch ContentLayout.place(of: relativePath) {
        case .postFile(_, let folder)?, .postFolder(let folder)?: .postFolder(folder)
        case .otherFileInPostFolder(let folder)?: .otherFileInPostFolder(folder)
        case .userFile(let username)?: .userFile(ContentLayout.userFileName(username))
        case .otherFileInUsersFolder(let name)?: .otherFileInUsersFolder(name)
        case .albumsFolder?: .albumsOf(owner: nil)
        case .albumOwnerFolder(let owner)?, .fileInAlbumOwnerFolder(let owner, _)?: .albumsOf(owner: owner)
        default: nil
        }
    }
}
