import TimelineContent
import TimelineModel
import TimelineSystem

/// An Instagram export as the `.zip` archive Instagram delivers, read straight from the
/// archive by `ZipArchiveFile` (over zlib): nothing is unpacked to disk, and an entry is
/// decompressed a chunk at a time. An entry is never trusted: its bytes are read only from its
/// own data, as many as the central directory gives it, decompressing stops once it yields
/// more than it declared (so a zip bomb costs one chunk past its claim), a deflate stream that
/// does not end within the entry's data is refused, and its checksum is checked at the end.
package final class InstagramZipExport {
    package let shown: String
    package let listing: InstagramExportListing
    private let archive: ZipArchiveFile
    /// The first entry of each path (the format allows a path twice; the rest are refused).
    private let entries: [InstagramEntryPath: ZipArchiveFile.Record]

    init(path: String, shown: String) throws(ImportFailure) {
        self.shown = shown
        let records: [ZipArchiveFile.Record]
        let more: Bool
        do {
            archive = try ZipArchiveFile(path: path)
            (records, more) = try archive.records(limit: InstagramExportSource.maximumEntries)
        } catch {
            switch error {
            case .notAZipArchive(let reason):
                throw ImportFailure(
                    at: SourceLocation(path: shown), "cannot read the export: it is neither a folder nor a zip archive that can be read (\(reason))")
            }
        }
        var entries: [InstagramEntryPath: ZipArchiveFile.Record] = [:]
        var refused: [InstagramExportListing.Refused] = []
        for record in records {
            let name = record.path
            if record.isDirectory { continue }
            if record.isSymbolicLink {
                refused.append(.init(entry: name, reason: "a symbolic link is not read"))
                continue
            }
            if record.isEncrypted {
                refused.append(.init(entry: name, reason: "an encrypted entry is not read"))
                continue
            }
            switch InstagramEntryPath.checked(name) {
            case .failure(let refusal):
                refused.append(.init(entry: name, reason: refusal.description))
            case .success(let path):
                if entries[path] == nil {
                    entries[path] = record
                } else {
                    refused.append(.init(entry: name, reason: "the archive holds this path twice; the first is read"))
                }
            }
        }
        if more {
            refused.append(.init(entry: ".", reason: "the archive holds more than \(InstagramExportSource.maximumEntries) entries; the rest are not read"))
        }
        self.entries = entries
        listing = InstagramExportListing(files: Array(entries.keys), refused: refused)
    }

    func read(_ path: InstagramEntryPath, limit: Int) throws(InstagramEntryError) -> [UInt8] {
        let entry = try self.entry(path, limit: limit)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(entry.uncompressedSize))
        try archive.stream(entry) { chunk throws(InstagramEntryError) in bytes.append(contentsOf: chunk) }
        return bytes
    }

    func copy(_ path: InstagramEntryPath, to destination: String, limit: Int) throws(InstagramEntryError) -> Int {
        let entry = try self.entry(path, limit: limit)
        let output = try InstagramMediaOutput(destination)
        try archive.stream(entry) { chunk throws(InstagramEntryError) in output.append(chunk) }
        return try output.finish()
    }

    private func entry(_ path: InstagramEntryPath, limit: Int) throws(InstagramEntryError) -> ZipArchiveFile.Record {
        guard let entry = entries[path] else { throw .missing }
        guard entry.uncompressedSize <= UInt64(limit) else { throw .tooLarge(limit: limit) }
        return entry
    }
}
