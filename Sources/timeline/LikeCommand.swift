import ArgumentParser
import TimelineAuthoring
import TimelineContent

struct LikeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "like",
        abstract: "Adds a like by a user to a post's likes.json (nothing changes if they already like it).",
        usage: ContentUsage.line("like", "<post-id> --user <user>"))

    @OptionGroup var target: PostAndUser

    func run() throws {
        let (postID, user) = (target.postID, target.user)
        try target.options.perform { author throws(AuthoringError) in try author.like(postID, by: user) }
    }
}

struct UnlikeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlike",
        abstract: "Removes a user's likes from a post's likes.json (nothing changes if there are none).",
        usage: ContentUsage.line("unlike", "<post-id> --user <user>"))

    @OptionGroup var target: PostAndUser

    func run() throws {
        let (postID, user) = (target.postID, target.user)
        try target.options.perform { author throws(AuthoringError) in try author.unlike(postID, by: user) }
    }
}
