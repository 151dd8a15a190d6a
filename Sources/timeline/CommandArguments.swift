import ArgumentParser
import TimelineContent

/// `<post-id> --user <username>` and the content folder: what `like`, `unlike` and
/// `new comment` act on.
struct PostAndUser: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The post's ID.", valueName: "post-id"))
    var arguments: [String] = []

    @Option(parsing: .unconditional, help: "The user who acts.")
    var user: String

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try Positionals(arguments, names: ["post-id"]) }

    var postID: String { arguments.first ?? "" }
}

/// `<username> <other>` and the content folder: what `follow` and `unfollow` act on.
struct UserPair: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Who follows, then whom.", valueName: "username> <other"))
    var arguments: [String] = []

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try Positionals(arguments, names: ["username", "other"]) }

    var username: String { arguments.first ?? "" }
    var other: String { arguments.dropFirst().first ?? "" }
}

/// The profile fields of a user, as `new user` sets them and `edit user` changes them.
struct ProfileFields: ParsableArguments {
    @Option(parsing: .unconditional, help: "The name shown on the profile.")
    var name: String?

    @Option(parsing: .unconditional, help: "A short biography (Markdown).")
    var bio: String?

    @Option(help: "The user's homepage, an http or https address.")
    var url: String?

    @Option(help: ArgumentHelp("An image copied to users/<username>.<extension>.", valueName: "file"))
    var avatar: String?
}

/// The usage line of a content command. Its positionals are collected with `.allUnrecognized`
/// (see `Positionals`), which the argument parser shows as optional and repeatable
/// (`[<post-id> ...]`), so each command states its usage: a required positional as
/// `<post-id>`, an optional one in brackets, one that repeats as `<post-id> ...`. A test checks
/// that each line names every option the command's help lists.
enum ContentUsage {
    /// `timeline <command> <words> [--content <dir>] [--quiet]`
    static func line(_ command: String, _ words: String) -> String {
        "timeline \(command) \(words) [--content <dir>] [--quiet]"
    }
}
