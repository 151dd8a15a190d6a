import ArgumentParser
import Foundation

@main
struct TimelineWorkload: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline-workload",
        abstract: "Writes a synthetic Timeline content folder for benchmarks.",
        discussion: """
            The same arguments always give byte-identical files. Activity and popularity \
            follow Zipf-like laws; comments and likes per post are heavy-tailed around \
            the chosen averages. Every photo.png is a hard link to one small PNG in .workload/.
            """
    )

    /// Post indices and comment or like slots must fit the 32-bit halves of an ID serial.
    static let maximumCount = 10_000_000

    @Option(help: "Number of users.")
    var users = 1000

    @Option(help: "Number of posts.")
    var posts = 20000

    @Option(name: .customLong("comments-per-post"), help: "Average comments per post.")
    var commentsPerPost = 2.0

    @Option(name: .customLong("likes-per-post"), help: "Average likes per post.")
    var likesPerPost = 4.0

    @Option(help: "Seed of every random choice.")
    var seed: UInt64 = 1

    @Option(name: .customLong("base-url"), help: "The site's base URL, written to site.json.")
    var baseURL = "https://example.org/"

    @Option(help: "The folder to write; it must be new or empty.")
    var output: String

    @Flag(help: "Give each user with posts an album (albums/<username>/newest.md) of their newest posts, at most \(ContentWriter.albumSize), oldest first.")
    var albums = false

    @Flag(help: "Delete the output folder first, if an earlier run of this tool made it.")
    var force = false

    func validate() throws {
        guard (1...TimelineWorkload.maximumCount).contains(users) else {
            throw ValidationError("--users must be between 1 and \(TimelineWorkload.maximumCount).")
        }
        guard (0...TimelineWorkload.maximumCount).contains(posts) else {
            throw ValidationError("--posts must be between 0 and \(TimelineWorkload.maximumCount).")
        }
        guard commentsPerPost.isFinite, (0...1000).contains(commentsPerPost) else {
            throw ValidationError("--comments-per-post must be between 0 and 1000.")
        }
        guard likesPerPost.isFinite, (0...1000).contains(likesPerPost) else {
            throw ValidationError("--likes-per-post must be between 0 and 1000.")
        }
        guard !baseURL.isEmpty else {
            throw ValidationError("--base-url must not be empty.")
        }
        guard !output.isEmpty else {
            throw ValidationError("--output must not be empty.")
        }
    }

    func run() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let settings = WorkloadSettings(
            userCount: users,
            postCount: posts,
            commentsPerPost: commentsPerPost,
            likesPerPost: likesPerPost,
            seed: seed,
            baseURL: baseURL,
            albums: albums
        )
        let directory = OutputDirectory(path: output)
        try directory.prepare(force: force)

        let writer = ContentWriter(output: directory, settings: settings)
        try writer.writeSkeleton()
        let community = Community(userCount: settings.userCount, seed: settings.seed)
        try writer.writeUsers(of: community)

        let planner = PostPlanner(community: community, settings: settings)
        let usernames = community.usernames
        let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        let totals = try await withThrowingTaskGroup(of: PostTotals.self) { group in
            for worker in 0..<workerCount {
                group.addTask {
                    try writer.writePosts(planner: planner, usernames: usernames, worker: worker, workerCount: workerCount)
                }
            }
            return try await group.reduce(PostTotals(), +)
        }
        if settings.albums { try writer.writeAlbums(planner: planner, usernames: usernames) }

        let elapsed = start.duration(to: clock.now).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
        print(
            "Wrote \(users) users, \(totals.posts) posts, \(totals.comments) comments, \(totals.likes) likes to \(output) in \(String(format: "%.2f", seconds)) s"
        )
    }
}
