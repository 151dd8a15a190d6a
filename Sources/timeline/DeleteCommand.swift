import ArgumentParser
import TimelineAuthoring
import TimelineContent

struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Deletes a user, a post (its whole folder), one comment or an album.",
        subcommands: [DeleteUserCommand.self, DeletePostCommand.self, DeleteCommentCommand.self, DeleteAlbumCommand.self]
    )
}

struct DeleteUserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Deletes users/<username>.json and removes the user from everyone's follows.",
        usage: ContentUsage.line("delete user", "<username> [--with-content] [--dry-run]"),
        discussion: "A user who wrote posts, comments or likes is refused unless --with-content deletes those too.")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The user's username.", valueName: "username"))
    var arguments: [String] = []

    @Flag(
        name: .customLong("with-content"),
        help: "Also delete the user's posts (with the comments and likes on them), and their comments and likes on other posts.")
    var withContent = false

    @Flag(name: .customLong("dry-run"), help: "Print what would change, file by file, and change nothing.")
    var dryRun = false

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try Positionals(arguments, names: ["username"]) }

    func run() async throws {
        let username = try Positionals(arguments, names: ["username"])[0]
        try await options.performAsync { author throws(AuthoringError) in
            try await author.deleteUser(.init(username: username, withContent: withContent, dryRun: dryRun))
        }
    }
}

struct DeletePostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post", abstract: "Deletes posts/<post-id>/ with its photo, comments and likes, and takes the post out of every album.",
        usage: ContentUsage.line("delete post", "<post-id>"))

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The post's ID.", valueName: "post-id"))
    var arguments: [String] = []

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try Positionals(arguments, names: ["post-id"]) }

    func run() throws {
        let postID = try Positionals(arguments, names: ["post-id"])[0]
        try options.perform { author throws(AuthoringError) in try author.deletePost(postID) }
    }
}

struct DeleteCommentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comment", abstract: "Deletes one comment from a post's comments.json.",
        usage: ContentUsage.line("delete comment", "<post-id> <comment-id>"))

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The post's ID, then the comment's ID.", valueName: "post-id> <comment-id"))
    var arguments: [String] = []

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try Positionals(arguments, names: ["post-id", "comment-id"]) }

    func run() throws {
        let ids = try Positionals(arguments, names: ["post-id", "comment-id"])
        let (postID, commentID) = (ids[0], ids[1])
        try options.perform { author throws(AuthoringError) in try author.deleteComment(commentID, on: postID) }
    }
}

struct DeleteAlbumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "album", abstract: "Deletes albums/<user>/<slug>.md; the posts it held stay.",
        usage: ContentUsage.line("delete album", "--user <user> <slug>"))

    @Option(parsing: .unconditional, help: "The album's owner.")
    var user: String

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The album's slug: its file's name without .md.", valueName: "slug"))
    var arguments: [String] = []

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try Positionals(arguments, names: ["slug"]) }

    func run() throws {
        let slug = try Positionals(arguments, names: ["slug"])[0]
        try options.perform { author throws(AuthoringError) in try author.deleteAlbum(username: user, slug: slug) }
    }
}
