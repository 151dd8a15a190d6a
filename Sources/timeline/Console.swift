import ArgumentParser
import Foundation
import TimelineBuild
import TimelineModel
import TimelineSystem

/// Where the CLI talks: diagnostics and progress on standard error, the summary on standard
/// output. On a terminal each stage prints a progress line; elsewhere (CI) only the summary.
struct Console: Sendable {
    let quiet: Bool
    let isTerminal: Bool

    init(quiet: Bool) {
        self.quiet = quiet
        let ci = ProcessInfo.processInfo.environment["CI"]
        isTerminal = StandardStream.error.isTerminal && (ci == nil || ci == "" || ci == "false")
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
        StandardStream.error.write(text)
    }

    /// Standard output without buffering, so a line shows at once through a pipe too.
    static func writeOutput(_ text: String) {
        StandardStream.output.write(text)
    }
}
