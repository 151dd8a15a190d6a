import Foundation
import Synchronization

/// Runs a program to its end and collects its exit status and both outputs.
package enum Subprocess {
    package struct Result: Sendable {
        package let status: Int32
        package let output: Data
        package let error: Data

        package var standardOutput: String { String(decoding: output, as: UTF8.self) }
        package var standardError: String { String(decoding: error, as: UTF8.self) }
    }

    /// Runs the program on a thread of its own, so that the test's wait never holds one of the
    /// few threads of the concurrency pool that servers and builds under test need.
    /// A program still running after `timeout` is stopped (SIGTERM), as `timeout(1)` would.
    package static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil, timeout: Duration? = nil
    ) async throws -> Result {
        try await HTTPProbe.onThread { try runBlocking(executable, arguments, in: directory, environment: environment, timeout: timeout) }
    }

    /// Runs the program on the calling thread, for the few callers that cannot wait (`deinit`).
    package static func runBlocking(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil, timeout: Duration? = nil
    ) throws -> Result {
        let (process, out, err) = prepare(executable, arguments, in: directory, environment: environment)
        try process.run()
        if let timeout {
            let seconds = Double(timeout.allowingSlowRuns.components.seconds)
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                if process.isRunning { process.terminate() }
            }
        }
        // Both pipes are drained at once: a program that fills one while the other is read
        // would wait forever.
        let error = Mutex(Data())
        let errorRead = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            error.withLock { $0 = data }
            errorRead.signal()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        errorRead.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: output, error: error.withLock { $0 })
    }

    /// A process set up to run with both outputs in pipes (not yet started).
    package static func prepare(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil
    ) -> (process: Process, output: Pipe, error: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        return (process, out, err)
    }
}
