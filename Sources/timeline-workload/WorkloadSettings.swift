/// What to generate, as given on the command line.
struct WorkloadSettings: Sendable {
    var userCount: Int
    var postCount: Int
    var commentsPerPost: Double
    var likesPerPost: Double
    var seed: UInt64
    var baseURL: String
    /// Whether each user with posts gets an album of their newest ones.
    var albums = false
}
