import Foundation
import Synchronization
import TimelineSystem

/// A program left running while the test goes on (a server, a browser): its standard output is
/// collected on a thread of its own, and the test waits for text or for the exit with a
/// deadline. Killed when dropped.
package final class BackgroundProcess: Sendable {
    private let process: Process
    private let output = CollectedText()
    private let errorOutput = CollectedText()

    package final class CollectedText: Sendable {
        package let text = Mutex<String>("")
    }

    package init(_ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil) throws {
        let (process, out, err) = Subprocess.prepare(executable, arguments, in: directory, environment: environment)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = process
        Self.collect(out.fileHandleForReading, into: output)
        Self.collect(err.fileHandleForReading, into: errorOutput)
    }

    private static func collect(_ handle: FileHandle, into collected: CollectedText) {
        Thread.detachNewThread {
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                collected.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
        }
    }

    deinit {
        if process.isRunning { CurrentProcess.send(CurrentProcess.killSignal, to: process.processIdentifier) }
    }

    package var standardOutput: String { output.text.withLock { $0 } }
    package var standardError: String { errorOutput.text.withLock { $0 } }
    var isRunning: Bool { process.isRunning }
    package var status: Int32 { process.terminationStatus }

    package func signal(_ number: Int32) {
        CurrentProcess.send(number, to: process.processIdentifier)
    }

    /// Waits until `condition` holds, checking every 20 ms; false when `timeout` passes first.
    package static func wait(timeout: Duration, until condition: () async -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout.allowingSlowRuns
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return await condition()
    }

    /// Waits for the exit; the status, or nil when it is still running at the deadline.
    package func waitForExit(timeout: Duration) async throws -> Int32? {
        guard try await Self.wait(timeout: timeout, until: { !isRunning }) else { return nil }
        return process.terminationStatus
    }
}
