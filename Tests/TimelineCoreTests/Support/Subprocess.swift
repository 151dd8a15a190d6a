import Foundation

/// Runs a program to its end and collects its exit status and both outputs.
enum Subprocess {
    struct Result {
        let status: Int32
        let output: Data
        let error: Data

        var standardOutput: String { String(decoding: output, as: UTF8.self) }
        var standardError: String { String(decoding: error, as: UTF8.self) }
    }

    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil) throws -> Result {
        let (process, out, err) = prepare(executable, arguments, in: directory, environment: environment)
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: output, error: error)
    }

    /// A process set up to run with both outputs in pipes (not yet started).
    static func prepare(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil
    ) -> (process: Process, output: Pipe, error: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        return (process, out, err)
    }
}
