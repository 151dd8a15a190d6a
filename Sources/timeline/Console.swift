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
        Swift.print(Console.terminalSafe(line))
    }

    /// Prints a failed run's diagnostics and returns the exit status to leave with.
    func report(_ failure: BuildFailure, of what: String) -> ExitCode {
        print(failure.diagnostics)
        let count = failure.errors.count
        Console.writeError("\(what) failed: \(count) error\(count == 1 ? "" : "s")\n")
        return ExitCode.failure
    }

    /// Everything the CLI writes passes here, so text from content (an export's URIs and
    /// names, file names, usernames) never reaches a terminal raw.
    static func writeError(_ text: String) {
        StandardStream.error.write(terminalSafe(text))
    }

    /// Standard output without buffering, so a line shows at once through a pipe too.
    static func writeOutput(_ text: String) {
        StandardStream.output.write(terminalSafe(text))
    }

    /// `text` with every control character but the line break and the tab (C0, DEL and C1:
    /// ESC, BEL, NUL, CSI…) written as a Swift escape, `\u{1B}`, so that no message can move the
    /// cursor, retitle the window, ring the bell or hide what follows it.
    static func terminalSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                safe.append(contentsOf: "\\u{\(hex.count < 2 ? "0" + hex : hex)}".unicodeScalars)
            } else {
                safe.append(scalar)
            }
        }
        return String(safe)
    }

    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}
