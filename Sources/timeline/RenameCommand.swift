import ArgumentParser
import TimelineAuthoring
import TimelineContent

struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Renames a user everywhere the content names them.",
        subcommands: [RenameUserCommand.self]
    )
}

struct RenameUserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Renames users/<username>.json and every follow, post, comment, like and mention of the user.",
        usage: ContentUsage.line("rename user", "<username> <new-username> [--dry-run]"),
        discussion:
            "An avatar named after the user moves with them. The user's pages move to the new name's addresses.")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The user's username, then the new one.", valueName: "username> <new-username"))
    var arguments: [String] = []

    @Flag(name: .customLong("dry-run"), help: "Print what would change, file by file, and change nothing.")
    var dryRun = false

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try Positionals(arguments, names: ["username", "new-username"]) }

    func run() async throws {
        let names = try Positionals(arguments, names: ["username", "new-username"])
        try await options.performAsync { author throws(AuthoringError) in
            try await author.renameUser(.init(username: names[0], newUsername: names[1], dryRun: dryRun))
        }
    }
}
