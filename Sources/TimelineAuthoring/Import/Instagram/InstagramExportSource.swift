import TimelineContent
import TimelineModel
import TimelineSystem

/// An Instagram export as Instagram delivers it: the folder, or the `.zip` archive of it.
/// Both are read the same way: list the files, read a small JSON file whole (with a cap), and
/// stream a media file to a destination in bounded memory. Only paths inside the export are
/// ever read (`InstagramEntryPath`).
///
/// Not `Sendable`: a zip archive is read through one open file whose position moves with each
/// read, so one source serves one task at a time.
package enum InstagramExportSource {
    case folder(InstagramFolderExport)
    case zip(InstagramZipExport)

    /// The most a JSON file of the export may hold; a larger one is reported and not read.
    package static let maximumJSONBytes = 64 << 20
    /// The most one media file may hold, so that a hostile archive cannot fill the disk
    /// through one entry.
    package static let maximumMediaBytes = 8 << 30
    /// The most entries a listing looks at; an export has one per media file.
    package static let maximumEntries = 1_000_000

    /// Opens the export at `path` (relative to the current directory, and shown as given): a
    /// folder is read as the folder, any file as a zip archive.
    package static func open(_ path: String) throws(ImportFailure) -> InstagramExportSource {
        let location = SitePath(fileAsGiven: path)
        switch FileSystem.resolvedKind(of: location.absolute) {
        case .directory:
            return .folder(InstagramFolderExport(root: location.absolute, shown: path))
        case .file:
            return .zip(try InstagramZipExport(path: location.absolute, shown: path))
        case .missing:
            throw ImportFailure(at: SourceLocation(path: path), "cannot read the export: there is no file or folder there")
        default:
            throw ImportFailure(at: SourceLocation(path: path), "cannot read the export: it must be a folder or a .zip file")
        }
    }

    /// The export as given, for messages.
    package var shown: String {
        switch self {
        case .folder(let folder): folder.shown
        case .zip(let zip): zip.shown
        }
    }

    package func listing() -> InstagramExportListing {
        switch self {
        case .folder(let folder): folder.listing()
        case .zip(let zip): zip.listing
        }
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    package func read(_ path: InstagramEntryPath, limit: Int = maximumJSONBytes) throws(InstagramEntryError) -> [UInt8] {
        switch self {
        case .folder(let folder): try folder.read(path, limit: limit)
        case .zip(let zip): try zip.read(path, limit: limit)
        }
    }

    /// Copies the file at `path` to `destination` a chunk at a time, through a temporary file
    /// beside it renamed into place, so the destination is whole or untouched (an existing
    /// file is replaced). How many bytes it wrote.
    package func copy(_ path: InstagramEntryPath, to destination: String, limit: Int = maximumMediaBytes) throws(InstagramEntryError) -> Int {
        switch self {
        case .folder(let folder): try folder.copy(path, to: destination, limit: limit)
        case .zip(let zip): try zip.copy(path, to: destination, limit: limit)
        }
    }
}
