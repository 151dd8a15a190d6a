import ArgumentParser
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
        let console = Console(quiet: quiet)
        var author = ContentAuthor(folder: folder)
        do {
            let result = try change(&author)
            console.print(result.warnings)
            for line in lines(result) { console.summary(line) }
        } catch {
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
