import TimelineSystem

extension StreamedFile {
    /// Encodes with `body` into the file at `path`, replacing it atomically; the coder hands
    /// its buffer to the file whenever it holds more than `bufferSize`.
    package static func create(_ path: String, encoding body: (inout StateCoder) -> Void) throws(FileSystem.Failure) {
        let file = try StreamedFile(path: path)
        var coder = StateCoder(writingTo: file)
        body(&coder)
        file.append(coder.bytes)
        try file.finish()
    }
}
