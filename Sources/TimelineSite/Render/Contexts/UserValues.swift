import TimelineContent
import TimelineModel
import TimelineTemplates

/// A user as templates see them (`user`, `owner`, `author`, items of `users` and `likers`).
/// Shared by every card and list that shows the user, with its fingerprint computed once.
package final class UserValues: TemplateContext {
    package final class Fields: TemplateContext {
        package let username: String
        package let name: String?
        let displayName: String
        let initial: String
        let bioHTML: String?
        package let url: String?
        let urlLabel: String?
        let avatar: ImageValues?
        let profileURL: String
        let feedURL: String
        let followingURL: String
        let followersURL: String
        package let postCount: Int
        let followerCount: Int
        let followingCount: Int
        let postsLabel: String
        let followersLabel: String
        let followingLabel: String
        let atomURL: String?
        let timelineAtomURL: String?
        let extra: TemplateValue

        init(
            username: String, name: String?, displayName: String, initial: String, bioHTML: String?, url: String?, urlLabel: String?, avatar: ImageValues?,
            profileURL: String, feedURL: String, followingURL: String, followersURL: String, postCount: Int, followerCount: Int, followingCount: Int,
            postsLabel: String, followersLabel: String, followingLabel: String, atomURL: String?, timelineAtomURL: String?,
            extra: TemplateValue
        ) {
            self.username = username
            self.name = name
            self.displayName = displayName
            self.initial = initial
            self.bioHTML = bioHTML
            self.url = url
            self.urlLabel = urlLabel
            self.avatar = avatar
            self.profileURL = profileURL
            self.feedURL = feedURL
            self.followingURL = followingURL
            self.followersURL = followersURL
            self.postCount = postCount
            self.followerCount = followerCount
            self.followingCount = followingCount
            self.postsLabel = postsLabel
            self.followersLabel = followersLabel
            self.followingLabel = followingLabel
            self.atomURL = atomURL
            self.timelineAtomURL = timelineAtomURL
            self.extra = extra
        }

        package static let templateFields = TemplateFieldList<Fields>(
            "user",
            [
                .text("username") { $0.username },
                .optionalText("name") { $0.name },
                .text("displayName") { $0.displayName },
                .text("initial") { $0.initial },
                .optionalText("bioHTML") { $0.bioHTML },
                .optionalText("url") { $0.url },
                .optionalText("urlLabel") { $0.urlLabel },
                .optionalObject("avatar") { $0.avatar },
                .text("profileURL") { $0.profileURL },
                .text("feedURL") { $0.feedURL },
                .text("followingURL") { $0.followingURL },
                .text("followersURL") { $0.followersURL },
                .number("postCount") { $0.postCount },
                .number("followerCount") { $0.followerCount },
                .number("followingCount") { $0.followingCount },
                .text("postsLabel") { $0.postsLabel },
                .text("followersLabel") { $0.followersLabel },
                .text("followingLabel") { $0.followingLabel },
                .optionalText("atomURL") { $0.atomURL },
                .optionalText("timelineAtomURL") { $0.timelineAtomURL },
                .value("extra", .any) { $0.extra },
            ])
    }

    let fields: Fields
    package let cachedFingerprint: TemplateFingerprint?
    /// The user's index: a partial that shows only the user (a row, an avatar) is rendered once.
    package let fragmentKey: Int?
    package let readKey: UInt64?

    init(_ fields: Fields, index: Int) {
        self.fields = fields
        fragmentKey = index
        readKey = ValueKey.user(username: fields.username).recorded
        cachedFingerprint = ContextFingerprint.of(.object(fields)).templateFingerprint
    }

    package static let templateFields = TemplateFieldList<UserValues>("user", Fields.templateFields.fields.map { $0.lifted { $0.fields } })
}
