import Foundation
import TimelineSystem

/// A file's bytes, inode and modification time in an output folder: what tells a file left
/// alone from one written again with the same bytes.
package struct OutputFileRecord: Equatable {
    package let bytes: Data
    package let inode: UInt64
    package let modified: Int64

    package static func scan(_ folder: String) throws -> [String: OutputFileRecord] {
        var records: [String: OutputFileRecord] = [:]
        for (path, bytes) in try SiteFixture.snapshot(folder) {
            guard let status = FileSystem.status(of: folder + "/" + path) else { continue }
            records[path] = OutputFileRecord(bytes: bytes, inode: status.inode, modified: status.modifiedNanoseconds)
        }
        return records
    }
}
