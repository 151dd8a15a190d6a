import Foundation
import Testing
import TimelineModel

/// One crafted input of the hostile-input corpus (`HostileCorpus`): how it is made, the
/// `timeline` command run on it, and what that command must end with. Every case is also held
/// to the corpus's bounds (`HostileBounds`).
package struct HostileCase: Sendable, CustomTestStringConvertible {
    /// How the input reaches the command.
    package enum Input: Sendable {
        /// A zip archive's bytes, written as `export.zip` beside `Content/` and imported.
        case zip(@Sendable () throws -> [UInt8])
        /// An export folder's files by path, written as `export/` beside `Content/` and imported.
        case folder(@Sendable () throws -> [String: Data])
        /// A path that is there already, imported as it is.
        case existing(String)
        /// The small site (`SiteFixture.small`), changed by the closure, then built or checked.
        case content(@Sendable (SiteFixture) throws -> Void)
    }

    package enum Command: String, Sendable {
        /// `timeline import instagram <export> --content <site>/Content`
        case importInstagram = "import instagram"
        /// `timeline check <site>`
        case check
        /// `timeline build --json <site>`: the diagnostic codes come from its report.
        case build
    }

    /// What the command ends with.
    package struct Expectation: Sendable {
        /// The exit status.
        package var status: Int32
        /// `build`: the codes of the report's errors, in order.
        package var codes: [DiagnosticCode] = []
        /// `check`: where the errors are, `path:line` as standard error prints them.
        package var errorsAt: [String] = []
        /// An import: what it reports it left out, each as `<file> <JSON path>: skipped <what>`
        /// (the reason left off), in any order.
        package var skipped: [String] = []
        /// An import: how many post folders `Content/posts/` holds after it.
        package var posts: Int? = nil
        /// Text that standard error must hold, control characters written as escapes.
        package var escaped: [String] = []

        /// Built, exit 0.
        package static let built = Expectation(status: 0)

        /// A build refused with errors of these codes, exit 1.
        package static func refused(_ codes: DiagnosticCode...) -> Expectation {
            Expectation(status: 1, codes: codes)
        }

        /// A check refused with errors at these places, exit 1.
        package static func refusedAt(_ places: String...) -> Expectation {
            Expectation(status: 1, errorsAt: places)
        }

        /// An import that wrote `posts` posts and left out `skipped` (exit 2, or 0 when nothing).
        package static func imported(posts: Int, skipped: [String]) -> Expectation {
            Expectation(status: skipped.isEmpty ? 0 : 2, skipped: skipped, posts: posts)
        }

        /// An import refused as a whole, exit 1: nothing written.
        package static let importRefused = Expectation(status: 1, posts: 0)

        /// The same, with text that standard error must show escaped.
        package func showing(_ escaped: String...) -> Expectation {
            var copy = self
            copy.escaped += escaped
            return copy
        }
    }

    package let name: String
    /// The numbered finding of issue 50's "Crafted input" the case stands for.
    package let finding: Int
    package let input: Input
    package let command: Command
    package let expected: Expectation

    package init(_ finding: Int, _ name: String, _ input: Input, _ command: Command, _ expected: Expectation) {
        self.finding = finding
        self.name = name
        self.input = input
        self.command = command
        self.expected = expected
    }

    package var testDescription: String { "\(finding). \(name)" }
}
