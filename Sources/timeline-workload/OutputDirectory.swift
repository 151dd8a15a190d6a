import Foundation

/// The folder the workload is written into. It must be new or empty; with
/// `force`, a folder this tool made before (it holds `site.json` and
/// `.workload/`) is deleted first. Anything else is left untouched.
struct OutputDirectory: Sendable {
    /// The tool's own folder inside the output: the shared photo lives here.
    static let markerFolder = ".workload"

    /// The path as given, without trailing slashes (but "/" stays "/").
    let path: String

    init(path: String) {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") {
            trimmed.removeLast()
        }
        self.path = trimmed
    }

    func prepare(force: Bool) throws {
        let fileManager = FileManager.default
        guard WorkloadFiles.exists(path) else {
            try fileManager.createDirectory(atPath: path, withIntermediateDirectories: true)
            return
        }
        guard WorkloadFiles.isDirectory(path) else {
            throw WorkloadError.notADirectory(path)
        }
        guard try !fileManager.contentsOfDirectory(atPath: path).isEmpty else {
            return
        }
        guard force else {
            throw WorkloadError.notEmpty(path)
        }
        guard WorkloadFiles.exists(child("site.json")), WorkloadFiles.isDirectory(child(OutputDirectory.markerFolder)) else {
            throw WorkloadError.notMadeByWorkload(path)
        }
        try fileManager.removeItem(atPath: path)
        try fileManager.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func child(_ relativePath: String) -> String {
        path == "/" ? "/" + relativePath : path + "/" + relativePath
    }
}
