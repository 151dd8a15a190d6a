import ArgumentParser
import TimelineBuild
import TimelineModel

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Where the CLI talks: diagnostics and progress on standard error, the summary on standard
/// output. On a terminal each stage prints a progress line; elsewhere (CI) only the summary.
struct Console: Sendable {
    let quiet: Bool
    let isTerminal: Bool

    init(quiet: Bool) {
        self.quiet = quiet
        let ci = getenv("CI").map { String(cString: $0) }
        isTerminal = isatty(STDERR_FILENO) == 1 && (ci == nil || ci == "" || ci == "false")
    }

    var progressHandler: (@Sendable (BuildProgress) -> Void)? {
        guard isTerminal, !quiet else { return nil }
        return { progress in
            Console.writeError("[\(progress.stage.rawValue)] \(progress.message)\n")
        }
    }

    func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics where !(quiet && diagnostic.severity == .warning) {
            Console.writeError(diagnostic.description + "\n")
        }
    }

    func summary(_ line: String) {
        guard !quiet else { return }
        Swift.print(line)
    }

    /// Prints a failed run's diagnostics and returns the exit status to leave with.
    func report(_ failure: BuildFailure, of what: String) -> ExitCode {
        print(failure.diagnostics)
        let count = failure.errors.count
        Console.writeError("\(what) failed: \(count) error\(count == 1 ? "" : "s")\n")
        return ExitCode.failure
    }

    static func writeError(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Standard output without buffering, so a line shows at once through a pipe too.
    static func writeOutput(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            _ = systemWrite(descriptor, buffer.baseAddress, buffer.count)
        }
    }
}
