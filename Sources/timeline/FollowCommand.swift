import ArgumentParser
import TimelineAuthoring
import TimelineContent

struct FollowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow",
        abstract: "Adds <other> to the follows of <username> (nothing changes if it is there).",
        usage: ContentUsage.line("follow", "<username> <other>"))

    @OptionGroup var pair: UserPair

    func run() throws {
        let (username, other) = (pair.username, pair.other)
        try pair.options.perform { author throws(AuthoringError) in try author.follow(username, other) }
    }
}

struct UnfollowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unfollow",
        abstract: "Removes <other> from the follows of <username> (nothing changes if it is not there).",
        usage: ContentUsage.line("unfollow", "<username> <other>"))

    @OptionGroup var pair: UserPair

    func run() throws {
        let (username, other) = (pair.username, pair.other)
        try pair.options.perform { author throws(AuthoringError) in try author.unfollow(username, other) }
    }
}
