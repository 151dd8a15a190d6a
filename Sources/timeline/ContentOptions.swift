import ArgumentParser
import TimelineAuthoring
import TimelineContent
import TimelineModel

/// The options of the commands that write content: where the content folder is.
struct ContentOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The content folder.", valueName: "dir"))
    var content: String = "Content"

    @Flag(help: "Print only errors and warnings.")
    var quiet = false

    var folder: ContentFolder { ContentFolder(path: content) }

    /// Runs an authoring command: prints its warnings and its result, or its error with exit
    /// status 1 (nothing was changed).
    func perform(_ change: (inout ContentAuthor) throws(AuthoringError) -> AuthoringResult, printing lines: (AuthoringResult) -> [String] = { [$0.summary] })
        throws
    {
        var author = ContentAuthor(folder: folder)
        try report(Result { () throws(AuthoringError) in try change(&author) }, printing: lines)
    }

    /// `perform` for a command that works on every core (it scans the whole content folder).
    func performAsync(_ change: (inout ContentAuthor) async throws(AuthoringError) -> AuthoringResult) async throws {
        var author = ContentAuthor(folder: folder)
        let outcome: Result<AuthoringResult, AuthoringError>
        do {
            outcome = .success(try await change(&author))
        } catch {
            outcome = .failure(error)
        }
        try report(outcome, printing: { [$0.summary] })
    }

    private func report(_ outcome: Result<AuthoringResult, AuthoringError>, printing lines: (AuthoringResult) -> [String]) throws {
        switch outcome {
        case .success(let result):
            let console = Console(quiet: quiet)
            console.print(result.warnings)
            for line in lines(result) + result.plan { console.summary(line) }
        case .failure(let error):
            Console.writeError(error.description + "\n")
            throw ExitCode.failure
        }
    }
}

/// The positional arguments of a content command. Post and comment IDs start with `-`
/// (`-K25Fj8qrMAtxXG3QCSn`), and so may usernames, so they are collected with
/// `.allUnrecognized` (which takes dash-prefixed inputs as values) and counted here.
struct Positionals {
    let values: [String]

    init(_ arguments: [String], names: [String]) throws {
        guard arguments.count == names.count else {
            let expected = names.map { "<\($0)>" }.joined(separator: " ")
            let found = arguments.isEmpty ? "none" : arguments.map { "'\($0)'" }.joined(separator: " ")
            throw ValidationError("expected \(expected); found \(found)")
        }
        values = arguments
    }

    subscript(index: Int) -> String { values[index] }
}
