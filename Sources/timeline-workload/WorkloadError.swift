#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

enum WorkloadError: Error, CustomStringConvertible {
    case notADirectory(String)
    case notEmpty(String)
    case notMadeByWorkload(String)
    case fileSystem(operation: String, path: String, code: Int32)

    var description: String {
        switch self {
        case .notADirectory(let path):
            return "\(path) exists and is not a directory."
        case .notEmpty(let path):
            return "\(path) is not empty. Pass --force to replace a folder made by timeline-workload, or choose another --output."
        case .notMadeByWorkload(let path):
            return
                "\(path) is not empty and was not made by timeline-workload (it lacks site.json or .workload/), so --force will not delete it. Choose another --output."
        case .fileSystem(let operation, let path, let code):
            return "Could not \(operation) \(path): \(String(cString: strerror(code)))."
        }
    }
}
