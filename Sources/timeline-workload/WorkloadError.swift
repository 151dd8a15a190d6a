import TimelineSystem

enum WorkloadError: Error, CustomStringConvertible {
    case notADirectory(String)
    case notEmpty(String)
    case notMadeByWorkload(String)
    case fileSystem(FileSystem.Failure)

    var description: String {
        switch self {
        case .notADirectory(let path):
            return "\(path) exists and is not a directory."
        case .notEmpty(let path):
            return "\(path) is not empty. Pass --force to replace a folder made by timeline-workload, or choose another --output."
        case .notMadeByWorkload(let path):
            return
                "\(path) is not empty and was not made by timeline-workload (it lacks site.json or .workload/), so --force will not delete it. Choose another --output."
        case .fileSystem(let failure):
            return "Could not \(failure.operation) \(failure.path): \(failure.reason)."
        }
    }
}

extension WorkloadError {
    init(_ failure: FileSystem.Failure) {
        self = .fileSystem(failure)
    }
}
