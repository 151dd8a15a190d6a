import ArgumentParser
import TimelineCore

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
