import TimelineContent
import TimelineSystem

/// Where a media file of the export is copied to: a temporary file beside the destination,
/// renamed into place once whole.
final class InstagramMediaOutput {
    private let file: StreamedFile
    private var written = 0

    init(_ destination: String) throws(InstagramEntryError) {
        do {
            file = try StreamedFile(path: destination)
        } catch {
            throw .cannotWrite(error.description)
        }
    }

    func append(_ bytes: ArraySlice<UInt8>) {
        file.append(Array(bytes))
        written += bytes.count
    }

    /// Puts the file in place; how many bytes it holds.
    func finish() throws(InstagramEntryError) -> Int {
        do {
            try file.finish()
        } catch {
            throw .cannotWrite(error.description)
        }
        return written
    }
}
