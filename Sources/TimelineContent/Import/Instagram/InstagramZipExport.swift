import Foundation
import TimelineModel
import TimelineSystem
import ZIPFoundation

/// An Instagram export as the `.zip` archive Instagram delivers, read with ZIPFoundation
/// straight from the archive: nothing is unpacked to disk, and an entry is decompressed a
/// chunk at a time. An entry is never trusted to be as large as it says: decompressing stops
/// once it yields more than it declared (or more than the caller's limit), so a zip bomb costs
/// one chunk past its claim, and its checksum is checked at the end.
package final class InstagramZipExport {
    package let shown: String
    package let listing: InstagramExportListing
    private let archive: Archive
    /// The first entry of each path (the format allows a path twice; the rest are refused).
    private let entries: [InstagramEntryPath: Entry]

    private static let chunkSize = 1 << 18

    init(path: String, shown: String) throws(ImportFailure) {
        self.shown = shown
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw ImportFailure(at: SourceLocation(path: shown), "cannot read the export: it is neither a folder nor a zip archive that can be read (\(error))")
        }
        var entries: [InstagramEntryPath: Entry] = [:]
        var refused: [InstagramExportListing.Refused] = []
        var count = 0
        for entry in archive {
            count += 1
            guard count <= InstagramExportSource.maximumEntries else {
                refused.append(.init(entry: ".", reason: "the archive holds more than \(InstagramExportSource.maximumEntries) entries; the rest are not read"))
                break
            }
            let name = entry.path
            switch entry.type {
            case .directory:
                continue
            case .symlink:
                refused.append(.init(entry: name, reason: "a symbolic link is not read"))
                continue
            case .file:
                break
            }
            switch InstagramEntryPath.checked(name) {
            case .failure(let refusal):
                refused.append(.init(entry: name, reason: refusal.description))
            case .success(let path):
                if entries[path] == nil {
                    entries[path] = entry
                } else {
                    refused.append(.init(entry: name, reason: "the archive holds this path twice; the first is read"))
                }
            }
        }
        self.entries = entries
        listing = InstagramExportListing(files: Array(entries.keys), refused: refused)
    }

    func read(_ path: InstagramEntryPath, limit: Int) throws(InstagramEntryError) -> [UInt8] {
        let entry = try self.entry(path, limit: limit)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(entry.uncompressedSize))
        try stream(entry) { chunk in bytes.append(contentsOf: chunk) }
        return bytes
    }

    func copy(_ path: InstagramEntryPath, to destination: String, limit: Int) throws(InstagramEntryError) -> Int {
        let entry = try self.entry(path, limit: limit)
        let output = try InstagramMediaOutput(destination)
        try stream(entry) { chunk in output.append(ArraySlice(chunk)) }
        return try output.finish()
    }

    private func entry(_ path: InstagramEntryPath, limit: Int) throws(InstagramEntryError) -> Entry {
        guard let entry = entries[path] else { throw .missing }
        guard entry.uncompressedSize <= UInt64(limit) else { throw .tooLarge(limit: limit) }
        return entry
    }

    /// Thrown from inside ZIPFoundation's consumer to stop decompressing.
    private struct Stop: Error {}

    /// Decompresses `entry` a chunk at a time into `consume`, stopping as soon as it yields
    /// more than it declared; then checks that it yielded exactly that, with its checksum.
    private func stream(_ entry: Entry, _ consume: (Data) -> Void) throws(InstagramEntryError) {
        let declared = entry.uncompressedSize
        var produced: UInt64 = 0
        var failure: InstagramEntryError?
        let checksum: CRC32
        do {
            checksum = try archive.extract(entry, bufferSize: Self.chunkSize, skipCRC32: false) { chunk in
                produced += UInt64(chunk.count)
                guard produced <= declared else {
                    failure = .unreadable("the entry holds more than the \(declared) bytes it declares")
                    throw Stop()
                }
                consume(chunk)
            }
        } catch {
            throw failure ?? .unreadable("the zip entry is damaged or uses a compression method this reader does not know (\(error))")
        }
        guard produced == declared else { throw .unreadable("the entry holds \(produced) bytes but declares \(declared)") }
        guard checksum == entry.checksum else { throw .unreadable("the entry's checksum does not match its bytes") }
    }
}
