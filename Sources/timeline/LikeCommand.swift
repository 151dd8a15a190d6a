import ArgumentParser
import TimelineCore

struct LikeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "like",
        abstract: "Adds a like by a user to a post's likes.json (nothing changes if they already like it).")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The post's ID.", valueName: "post-id"))
    var arguments: [String] = []

    @Option(parsing: .unconditional, help: "The username of who likes it.")
    var user: String

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try Positionals(arguments, names: ["post-id"]) }

    func run() throws {
        let postID = try Positionals(arguments, names: ["post-id"])[0]
        try options.perform { author throws(AuthoringError) in try author.like(postID, by: user) }
    }
}

struct UnlikeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlike",
        abstract: "Removes a user's likes from a post's likes.json (nothing changes if there are none).")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The post's ID.", valueName: "post-id"))
    var arguments: [String] = []

    @Option(parsing: .unconditional, help: "The username whose like goes.")
    var user: String

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try Positionals(arguments, names: ["post-id"]) }

    func run() throws {
        let postID = try Positionals(arguments, names: ["post-id"])[0]
        try options.perform { author throws(AuthoringError) in try author.unlike(postID, by: user) }
    }
}
