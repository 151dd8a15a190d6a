import ArgumentParser
import Foundation
import TimelineAuthoring
import TimelineContent

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Changes a user's profile, a post, a comment or an album in the content folder.",
        subcommands: [EditUserCommand.self, EditPostCommand.self, EditCommentCommand.self, EditAlbumCommand.self])
}

struct EditPostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Changes the caption, a photo's alt text, the date or the photos of posts/<post-id>/ (nothing changes if it is so already).",
        usage: ContentUsage.line(
            "edit post",
            "<post-id> [--caption <caption>] [--alt <alt> [--photo <number>]] [--date <date>] [--add-photo <file> ...] [--add-alt <alt> ...] [--remove-photo <number> ...] [--order <numbers>]"
        ),
        discussion: """
            Fields not named keep their values, and the rest of post.md is kept as it is. The file \
            changes atomically; nothing changes when the command fails (exit status 1). See \
            docs/authoring.md.
            """)

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The post's ID.", valueName: "post-id"))
    var arguments: [String] = []

    @Option(parsing: .unconditional, help: "The new caption (Markdown); \"\" removes the caption.")
    var caption: String?

    @Option(parsing: .unconditional, help: "The photo's new text alternative, for people who cannot see it (of the photo --photo names).")
    var alt: String?

    @Option(help: ArgumentHelp("Which photo --alt is for, from 1, in a post of several photos.", valueName: "number"))
    var photo: Int?

    @Option(
        name: .customLong("add-photo"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("A photo or video to add after the others, copied into the post's folder (repeatable).", valueName: "file"))
    var addPhoto: [String] = []

    @Option(
        name: .customLong("add-alt"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("An added photo's text alternative: one per --add-photo, in their order.", valueName: "alt"))
    var addAlt: [String] = []

    @Option(name: .customLong("remove-photo"), help: ArgumentHelp("A photo to remove, by its number (repeatable).", valueName: "number"))
    var removePhoto: [Int] = []

    @Option(help: ArgumentHelp("The photos kept, by their numbers, in their new order: 3,1,2.", valueName: "numbers"))
    var order: String?

    @Option(help: "The new date: ISO 8601, e.g. 2016-01-02 or 2016-01-02T09:30:00Z.")
    var date: String?

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try request() }

    func run() throws {
        let request = try request()
        try options.perform { author throws(AuthoringError) in try author.editPost(request) }
    }

    /// The library's request; a usage error when there is nothing to change.
    private func request() throws -> ContentAuthor.EditPost {
        var numbers: [Int]?
        if let order {
            let parts = order.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.filter { $0 != " " }) }
            guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { throw ValidationError("--order takes photo numbers separated by commas: 3,1,2") }
            numbers = parts.compactMap { $0 }
        }
        let request = ContentAuthor.EditPost(
            postID: try Positionals(arguments, names: ["post-id"])[0], caption: caption, alt: alt, date: date, photo: photo,
            photos: .init(add: addPhoto, addAlts: addAlt, remove: removePhoto, order: numbers))
        guard !request.isEmpty else { throw ValidationError(ContentAuthor.EditPost.nothingToChange) }
        return request
    }
}

struct EditUserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Changes the name, bio, url or avatar in users/<username>.json (nothing changes if it is so already).",
        usage: ContentUsage.line(
            "edit user",
            "<username> [--name <name> | --remove-name] [--bio <bio> | --remove-bio] [--url <url> | --remove-url] [--avatar <file> | --remove-avatar]"),
        discussion: """
            Fields not named keep their values. A new avatar replaces the old one, whose file is \
            removed. The files change atomically; nothing changes when the command fails (exit \
            status 1). See docs/authoring.md.
            """)

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The user whose profile changes.", valueName: "username"))
    var arguments: [String] = []

    @OptionGroup var profile: ProfileFields

    @Flag(help: "Takes the name out.")
    var removeName = false

    @Flag(help: "Takes the bio out.")
    var removeBio = false

    @Flag(name: .customLong("remove-url"), help: "Takes the url out.")
    var removeURL = false

    @Flag(help: "Takes the avatar out and removes its file.")
    var removeAvatar = false

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try request() }

    func run() throws {
        let request = try request()
        try options.perform { author throws(AuthoringError) in try author.editUser(request) }
    }

    /// The library's request; a usage error when an option comes with its `--remove-` form,
    /// or when there is nothing to change.
    private func request() throws -> ContentAuthor.EditUser {
        let request = ContentAuthor.EditUser(
            username: try Positionals(arguments, names: ["username"])[0],
            name: try Self.change("name", profile.name, remove: removeName),
            bio: try Self.change("bio", profile.bio, remove: removeBio),
            url: try Self.change("url", profile.url, remove: removeURL),
            avatar: try Self.change("avatar", profile.avatar, remove: removeAvatar))
        guard !request.isEmpty else {
            throw ValidationError(ContentAuthor.EditUser.nothingToChange)
        }
        return request
    }

    private static func change(_ option: String, _ value: String?, remove: Bool) throws -> ContentAuthor.EditUser.Change? {
        switch (value, remove) {
        case (nil, false): return nil
        case (nil, true): return .remove
        case (let value?, false): return .set(value)
        case (_?, true): throw ValidationError("give --\(option) or --remove-\(option), not both")
        }
    }
}

struct EditCommentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comment",
        abstract: "Replaces the text of one comment in posts/<post-id>/comments.json (nothing changes if it is so already).",
        usage: ContentUsage.line("edit comment", "<post-id> <comment-id> --text <text>"),
        discussion: "The comment keeps its ID, its author and its place. The file changes atomically; nothing changes when the command fails.")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The post's ID, then the comment's ID.", valueName: "post-id> <comment-id"))
    var arguments: [String] = []

    @Option(parsing: .unconditional, help: "The comment's new text (Markdown); it must not be empty.")
    var text: String

    @OptionGroup var options: ContentOptions

    func validate() throws { _ = try Positionals(arguments, names: ["post-id", "comment-id"]) }

    func run() throws {
        let ids = try Positionals(arguments, names: ["post-id", "comment-id"])
        try options.perform { author throws(AuthoringError) in try author.editComment(ids[1], on: ids[0], text: text) }
    }
}

struct EditAlbumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "album",
        abstract: "Changes the posts, their order, the title, the cover or the description of albums/<user>/<slug>.md (nothing changes if it is so already).",
        usage: ContentUsage.line(
            "edit album",
            "--user <user> <slug> [--add <post-id> ...] [--remove <post-id> ...] [--order <post-ids>] [--title <title>] [--cover <post-id>] [--description <text>]"
        ))

    @Option(parsing: .unconditional, help: "The album's owner.")
    var user: String

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The album's slug: its file's name without .md.", valueName: "slug"))
    var arguments: [String] = []

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("A post to add after the others (repeatable).", valueName: "post-id"))
    var add: [String] = []

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("A post to take out (repeatable).", valueName: "post-id"))
    var remove: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Every post the album keeps, in the new order, separated by commas.", valueName: "post-ids"))
    var order: String?

    @Option(parsing: .unconditional, help: "The new title: one line.")
    var title: String?

    @Option(parsing: .unconditional, help: "The post that stands for the album, one of its posts; \"\" for its newest.")
    var cover: String?

    @Option(parsing: .unconditional, help: "The new description (Markdown); \"\" removes it.")
    var description: String?

    @OptionGroup var options: ContentOptions

    func validate() throws {
        _ = try Positionals(arguments, names: ["slug"])
        if add.isEmpty && remove.isEmpty && order == nil && title == nil && cover == nil && description == nil {
            throw ValidationError("give at least one of --add, --remove, --order, --title, --cover and --description")
        }
    }

    func run() throws {
        let request = ContentAuthor.EditAlbum(
            username: user, slug: try Positionals(arguments, names: ["slug"])[0], add: add, remove: remove,
            order: order.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }, title: title, cover: cover,
            description: description)
        try options.perform { author throws(AuthoringError) in try author.editAlbum(request) }
    }
}
