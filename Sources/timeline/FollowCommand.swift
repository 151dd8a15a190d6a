import ArgumentParser
import TimelineCore

struct FollowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow",
        abstract: "Adds <other> to the follows of <username> (nothing changes if it is there).")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Who follows, then whom they follow.", valueName: "username> <other"))
    var arguments: [String] = []

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try Positionals(arguments, names: ["username", "other"]) }

    func run() throws {
        let names = try Positionals(arguments, names: ["username", "other"])
        let (username, other) = (names[0], names[1])
        try options.perform { author throws(AuthoringError) in try author.follow(username, other) }
    }
}

struct UnfollowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unfollow",
        abstract: "Removes <other> from the follows of <username> (nothing changes if it is not there).")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Who stops following, then whom they stop following.", valueName: "username> <other"))
    var arguments: [String] = []

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try Positionals(arguments, names: ["username", "other"]) }

    func run() throws {
        let names = try Positionals(arguments, names: ["username", "other"])
        let (username, other) = (names[0], names[1])
        try options.perform { author throws(AuthoringError) in try author.unfollow(username, other) }
    }
}
