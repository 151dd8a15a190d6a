import SystemPackage

extension FileSystem {
    /// A file operation the system refused: the path, what was being done, and the system's
    /// error number (whose text is the same on Linux and Darwin through `Errno`).
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let path: String
        package let operation: String
        package let code: Int32

        package init(path: String, operation: String, code: Int32) {
            self.path = path
            self.operation = operation
            self.code = code
        }

        package init(path: String, operation: String, error: any Error) {
            self.init(path: path, operation: operation, code: (error as? Errno)?.rawValue ?? Errno.ioError.rawValue)
        }

        /// A file that ended before the bytes it was known to hold (cut short while read).
        package static func cutShort(_ path: String) -> Failure {
            Failure(path: path, operation: "read", code: Errno.ioError.rawValue)
        }

        package var description: String { "cannot \(operation) '\(path)': \(reason)\(hint)" }
        package var reason: String { Errno(rawValue: code).description }
        package var errno: Errno { Errno(rawValue: code) }
        /// The path, or a folder on the way to it, does not exist (ENOENT).
        package var isMissingFile: Bool { errno == .noSuchFileOrDirectory }

        /// What the system's message leaves unsaid. A clean build replaces the output folder by
        /// renaming it, which a mount point (a read-only bind mount, a container volume) refuses
        /// with EBUSY.
        private var hint: String {
            operation == "rename" && errno == .resourceBusy ? " (a mount point cannot be replaced: mount the folder that holds it instead)" : ""
        }
    }
}
