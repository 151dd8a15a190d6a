/// The person whose export it is, from `personal_information.json`.
public struct InstagramProfile: Sendable, Equatable {
    public let username: String
    /// The display name; nil when absent or empty.
    public let name: String?
    public let bio: String?
    /// The profile photo inside the export; nil when there is none or it cannot be read.
    public let avatar: InstagramEntryPath?
    /// The file it was read from.
    public let file: String
}
