import CSystemSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The running program: its process ID, its executable, and signals to other processes.
package enum CurrentProcess {
    package static var id: Int32 { getpid() }

    /// Whether the process runs as root (may mount, may write anywhere).
    package static var isRoot: Bool { getuid() == 0 }

    /// The path of the running executable (Linux: /proc/self/exe; Darwin:
    /// _NSGetExecutablePath), nil when the system does not say.
    package static var executablePath: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard timeline_executable_path(&buffer, buffer.count) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Sends `signal` to the process `process`; whether it was delivered.
    @discardableResult
    package static func send(_ signal: Int32, to process: Int32) -> Bool {
        kill(process, signal) == 0
    }

    package static let killSignal = SIGKILL

    /// Whether a process of this ID exists: signal 0 reaches it, or it runs as another user.
    package static func isRunning(_ process: Int32) -> Bool {
        kill(process, 0) == 0 || errno == EPERM
    }

    /// Runs a program that starts a daemon and returns (nginx), its output written to the file
    /// `messages`, and waits for it: posix_spawn and waitpid, because Foundation's `Process`
    /// waits for the standard streams, which the daemon keeps open. Its exit status (128 + the
    /// signal when a signal ended it), or nil when it could not start.
    package static func runToExit(_ executable: String, arguments: [String], messages: String) -> Int32? {
        let status = CMemory.withCStrings([executable] + arguments) { argv in
            (argv + [nil]).withUnsafeBufferPointer { timeline_spawn_and_wait(executable, $0.baseAddress, messages) }
        }
        return status < 0 ? nil : status
    }
}
