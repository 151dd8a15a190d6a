import CSystemSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program run to its end as a child process under limits, its standard output and error read
/// as they come. For tools that read untrusted files (FFmpeg), so that a hostile file can neither
/// hang a build nor take the machine's memory. Everywhere a wall-clock timeout; on Linux a
/// processor time limit and an address-space limit (RLIMIT_AS) set in the child before it
/// starts; on macOS, whose kernel refuses such an address-space limit, a watch of the child's
/// memory footprint that kills it past the limit (`timeline_run_limited`).
package enum ChildProcess {
    package struct Limits: Sendable, Hashable {
        /// Wall-clock seconds before the child is killed; also its processor time limit.
        package let timeoutSeconds: Int
        /// The most memory the child may take, in bytes: the address space it may map (Linux,
        /// RLIMIT_AS), or the physical footprint past which it is killed (macOS).
        package let memoryBytes: Int

        package init(timeoutSeconds: Int, memoryBytes: Int) {
            self.timeoutSeconds = timeoutSeconds
            self.memoryBytes = memoryBytes
        }
    }

    package struct Outcome: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        package let status: Int32
        /// Standard output, whole (up to `outputLimit` bytes).
        package let output: [UInt8]
        /// Standard error, up to `messagesLimit` bytes.
        package let messages: [UInt8]
        package let timedOut: Bool
        /// Killed for holding more memory than the limit (macOS's memory watch; on Linux an
        /// allocation past the limit fails inside the child instead, which then exits).
        package let exceededMemory: Bool
        /// When measured (`measuringMemory`), the most memory the child held resident, in bytes:
        /// on Linux its own high-water mark (VmHWM) read while it ran, every 100 ms; on macOS its
        /// ru_maxrss from wait4(2). Nil when unknown or not measured.
        package let peakResidentBytes: Int?

        package var succeeded: Bool { status == 0 && !timedOut && !exceededMemory }
    }

    /// Past these, what the child writes is read and dropped.
    static let outputLimit = 16 << 20
    static let messagesLimit = 1 << 20

    /// Runs `executable` (a path) with `arguments`; `onOutput` sees each piece of its standard
    /// output as it arrives (progress lines). Nil when the child could not be started (the
    /// error number in `SystemError.last`).
    package static func run(
        _ executable: String, arguments: [String], limits: Limits, measuringMemory: Bool = false, onOutput: (@Sendable ([UInt8]) -> Void)? = nil
    ) -> Outcome? {
        let collector = Collector(onOutput: onOutput)
        var timedOut: Int32 = 0
        var overMemory: Int32 = 0
        var peakResident: Int64 = -1
        let status = CMemory.withCStrings([executable] + arguments) { argv in
            (argv + [nil]).withUnsafeBufferPointer { pointers in
                withExtendedLifetime(collector) {
                    withUnsafeMutablePointer(to: &peakResident) { peak in
                        timeline_run_limited(
                            executable, pointers.baseAddress, Int32(clamping: limits.timeoutSeconds), Int64(limits.memoryBytes), collectOutput,
                            Unmanaged.passUnretained(collector).toOpaque(), &timedOut, &overMemory, measuringMemory ? peak : nil)
                    }
                }
            }
        }
        guard status >= 0 else { return nil }
        return Outcome(
            status: status, output: collector.output, messages: collector.messages, timedOut: timedOut != 0, exceededMemory: overMemory != 0,
            peakResidentBytes: peakResident < 0 ? nil : Int(peakResident))
    }

    /// The first executable file called `name` in a folder of the `PATH` environment variable.
    package static func find(_ name: String) -> String? {
        guard let path = getenv("PATH") else { return nil }
        for folder in String(cString: path).split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + name
            if access(candidate, X_OK) == 0, FileSystem.resolvedKind(of: candidate) == .file { return candidate }
        }
        return nil
    }

    /// What the child wrote, gathered on the calling thread while it runs.
    private final class Collector {
        var output: [UInt8] = []
        var messages: [UInt8] = []
        let onOutput: (@Sendable ([UInt8]) -> Void)?

        init(onOutput: (@Sendable ([UInt8]) -> Void)?) {
            self.onOutput = onOutput
        }

        func append(_ bytes: UnsafeBufferPointer<UInt8>, stream: Int32) {
            if stream == 1 {
                onOutput?(Array(bytes))
                if output.count < ChildProcess.outputLimit { output += bytes.prefix(ChildProcess.outputLimit - output.count) }
            } else if messages.count < ChildProcess.messagesLimit {
                messages += bytes.prefix(ChildProcess.messagesLimit - messages.count)
            }
        }
    }

    private static let collectOutput: timeline_output_handler = { context, stream, bytes, length in
        guard let context, let bytes else { return }
        let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
        bytes.withMemoryRebound(to: UInt8.self, capacity: length) { collector.append(UnsafeBufferPointer(start: $0, count: length), stream: stream) }
    }
}
