/// A username named by some record (a post's author, a follow, a comment or like), with
/// where it was named, so that a dangling reference can be reported at its place.
public struct UserReference: Sendable, Hashable {
    public let username: String
    public let location: SourceLocation

    public init(username: String, location: SourceLocation) {
        self.username = username
        self.location = location
    }
}
