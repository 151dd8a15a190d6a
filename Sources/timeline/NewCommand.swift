import ArgumentParser
import TimelineAuthoring
import TimelineContent
import TimelineModel

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Adds a user, a post, a comment or an album to the content folder.",
        discussion: """
            Each command checks what it refers to, writes its files atomically and changes \
            nothing when it fails (exit status 1). See docs/authoring.md.
            """,
        subcommands: [NewUserCommand.self, NewPostCommand.self, NewCommentCommand.self, NewAlbumCommand.self]
    )
}

struct NewUserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Creates users/<username>.json.",
        usage: ContentUsage.line("new user", "<username> [--name <name>] [--bio <bio>] [--url <url>] [--avatar <file>]"))

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("1 to 64 ASCII letters, digits, '_', '-' or '.' (not first).", valueName: "username"))
    var arguments: [String] = []

    @OptionGroup var profile: ProfileFields

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try Positionals(arguments, names: ["username"]) }

    func run() throws {
        let request = ContentAuthor.NewUser(
            username: try Positionals(arguments, names: ["username"])[0], name: profile.name, bio: profile.bio, url: profile.url, avatar: profile.avatar)
        try options.perform { author throws(AuthoringError) in try author.newUser(request) }
    }
}

struct NewPostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Creates posts/<new push ID>/ with the photos or videos and post.md; prints the ID and the folder.",
        usage: ContentUsage.line("new post", "--user <user> <photo> ... [--caption <caption> | --caption-file <file>] [--alt <alt> ...]"))

    @Option(parsing: .unconditional, help: "The author's username.")
    var user: String

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "1 to \(PostPhoto.limit) photos (\(ImageHeader.Format.extensionList)) or videos (\(VideoFormat.extensionList)), in the post's order, copied into the post's folder.",
            valueName: "photo"))
    var arguments: [String] = []

    @Option(parsing: .unconditional, help: "The caption (Markdown).")
    var caption: String?

    @Option(name: .customLong("caption-file"), help: ArgumentHelp("A file holding the caption (Markdown, UTF-8).", valueName: "file"))
    var captionFile: String?

    @Option(
        parsing: .unconditionalSingleValue,
        help: "A photo's text alternative, for people who cannot see it: one --alt per photo, in the photos' order.")
    var alt: [String] = []

    @OptionGroup var options: ContentOptions

    func validate() throws {
        if caption != nil && captionFile != nil { throw ValidationError("give --caption or --caption-file, not both") }
        guard (1...PostPhoto.limit).contains(arguments.count) else {
            throw ValidationError("expected 1 to \(PostPhoto.limit) <photo>; found \(arguments.isEmpty ? "none" : String(arguments.count))")
        }
        if alt.count > arguments.count { throw ValidationError("\(alt.count) --alt for \(arguments.count) photos: give at most one per photo") }
    }

    func run() throws {
        let request = ContentAuthor.NewPost(username: user, photos: arguments, caption: caption, captionFile: captionFile, alts: alt)
        try options.perform({ author throws(AuthoringError) in try author.newPost(request) }, printing: Self.identified)
    }

    /// The new record's ID, then its file or folder, for scripts (`id=$(… | head -n 1)`).
    static func identified(_ result: AuthoringResult) -> [String] {
        [result.id, result.path].compactMap { $0 }
    }
}

struct NewCommentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comment",
        abstract: "Adds a comment to a post's comments.json; prints the comment's ID and the file.",
        usage: ContentUsage.line("new comment", "<post-id> --user <user> --text <text>"))

    @OptionGroup var target: PostAndUser

    @Option(parsing: .unconditional, help: "The comment (Markdown); it must not be empty.")
    var text: String

    func run() throws {
        let (postID, user) = (target.postID, target.user)
        try target.options.perform(
            { author throws(AuthoringError) in try author.newComment(on: postID, by: user, text: text) }, printing: NewPostCommand.identified)
    }
}

struct NewAlbumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "album",
        abstract: "Creates albums/<user>/<slug>.md: posts that belong together, in the order given; prints the slug and the file.",
        usage: ContentUsage.line("new album", "--user <user> --title <title> <post-id> ... [--slug <slug>] [--cover <post-id>] [--description <text>]"))

    @Option(parsing: .unconditional, help: "The album's owner.")
    var user: String

    @Option(parsing: .unconditional, help: "The album's title: one line.")
    var title: String

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("Post IDs in the album's order: the owner's posts and those of the people they follow.", valueName: "post-id"))
    var arguments: [String] = []

    @Option(help: "The album's address under its owner (letters, digits, '-', '_'); made from the title without it.")
    var slug: String?

    @Option(parsing: .unconditional, help: "The post that stands for the album, one of its posts; its newest without it.")
    var cover: String?

    @Option(parsing: .unconditional, help: "The album's description (Markdown).")
    var description: String?

    @OptionGroup var options: ContentOptions

    func validate() throws {
        if arguments.isEmpty { throw ValidationError("expected one or more <post-id>") }
    }

    func run() throws {
        let request = ContentAuthor.NewAlbum(username: user, title: title, posts: arguments, slug: slug, cover: cover, description: description)
        try options.perform({ author throws(AuthoringError) in try author.newAlbum(request) }, printing: NewPostCommand.identified)
    }
}
