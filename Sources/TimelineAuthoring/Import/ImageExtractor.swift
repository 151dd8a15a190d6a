import TimelineContent
import TimelineModel
import TimelineSystem

/// Writes one image of the export to a file: reads its Base64 text from the export in chunks,
/// decodes each and writes it out, so an image never sits whole in memory. The file is named
/// `photo.<extension>` after the format its first bytes show.
package struct ImageExtractor: Sendable {
    let exportPath: String
    static let chunkSize = 1 << 18

    package enum Outcome: Sendable {
        case written(fileName: String)
        /// The text is not Base64 of a JPEG, PNG or WebP image; nothing was left in the folder.
        case unusable(String)
    }

    func extract(_ span: JSONStreamReader.StringSpan, intoFolder folder: String) throws(FileSystem.Failure) -> Outcome {
        let input = try ReadableFile(exportPath)
        var decoder = Base64Decoder()
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(Self.chunkSize)
        var file = OutputFile(folder: folder)
        defer { file.finish() }
        var position = span.offset
        let end = span.offset + span.length
        repeat {
            let count = try read(input, into: &chunk, at: position, upTo: end)
            let isFirst = position == span.offset
            position += count
            let problem = chunk.withUnsafeBufferPointer { buffer -> Base64Decoder.Problem? in
                let text = UnsafeBufferPointer(rebasing: buffer[0..<count])
                do throws(Base64Decoder.Problem) {
                    try decoder.decode(isFirst ? Self.droppingDataURLPrefix(text) : text, into: &decoded)
                    if position >= end { try decoder.finish(into: &decoded) }
                    return nil
                } catch {
                    return error
                }
            }
            if let problem {
                file.discard()
                return .unusable("not valid Base64 at character \(problem.position + 1): \(problem.message)")
            }
            if let reason = try file.append(decoded, isLast: position >= end) {
                return .unusable(reason)
            }
            decoded.removeAll(keepingCapacity: true)
        } while position < end
        return .written(fileName: file.name)
    }

    private func read(_ input: ReadableFile, into chunk: inout [UInt8], at position: Int, upTo end: Int) throws(FileSystem.Failure) -> Int {
        let wanted = min(chunk.count, end - position)
        guard wanted > 0 else { return 0 }
        let count = try input.read(into: &chunk, count: wanted, at: position)
        // The span lies inside the file: an end before it is a file cut short while read.
        guard count > 0 else { throw FileSystem.Failure.cutShort(exportPath) }
        return count
    }

    /// A `data:image/jpeg;base64,` prefix, as some exports carry, is passed over.
    private static func droppingDataURLPrefix(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard text.starts(with: "data:".utf8), let comma = text.prefix(256).firstIndex(of: UInt8(ascii: ",")) else { return text }
        return UnsafeBufferPointer(rebasing: text[(comma + 1)...])
    }

    /// The extension for the image format the first bytes show, if the loader reads it.
    package static func fileExtension(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) { return "webp" }
        return nil
    }

    /// The photo file, created once the first decoded bytes show the format.
    private struct OutputFile {
        let folder: String
        package private(set) var name = ""
        private var output: WritableFile?
        /// Decoded bytes held until there are enough to tell the format.
        private var head: [UInt8] = []

        init(folder: String) {
            self.folder = folder
        }

        /// Writes `bytes`; a reason when the image turns out unusable.
        package mutating func append(_ bytes: [UInt8], isLast: Bool) throws(FileSystem.Failure) -> String? {
            if output == nil {
                head += bytes
                guard head.count >= 12 || isLast else { return nil }
                guard let fileExtension = ImageExtractor.fileExtension(of: head) else {
                    return head.isEmpty ? "the image is empty" : "the image is not a JPEG, PNG or WebP file"
                }
                name = "photo." + fileExtension
                output = try WritableFile(creatingNew: folder + "/" + name)
                let pending = head
                head = []
                try writeAll(pending)
            } else {
                try writeAll(bytes)
            }
            return nil
        }

        private func writeAll(_ bytes: [UInt8]) throws(FileSystem.Failure) {
            try output?.write(bytes)
        }

        mutating func finish() {
            output?.close()
            output = nil
        }

        /// Closes and removes a partly written file.
        mutating func discard() {
            guard output != nil else { return }
            finish()
            try? FileSystem.removeFileIfPresent(folder + "/" + name)
        }
    }
}
