import TimelineSystem

extension StreamedFile {
    /// Encodes with `body` into the file at `path`, replacing it atomically; the writer hands
    /// its buffer to the file whenever it holds more than `bufferSize`.
    package static func create(_ path: String, encoding body: (inout ByteWriter) -> Void) throws(FileSystem.Failure) {
        let file = try StreamedFile(path: path)
        var writer = ByteWriter(streamingTo: file)
        body(&writer)
        file.append(writer.bytes)
        try file.finish()
    }
}
