import TimelineContent
import TimelineModel
import TimelineTemplates

/// `site`: the values every page shares (docs/templates.md).
package final class SiteValues: TemplateContext {
    let title: String
    package let description: String?
    package let language: String
    let direction: String
    package let baseURL: String?
    let homeURL: String
    let usersURL: String
    let searchURL: String
    let tagsURL: String
    let searchScriptURL: String
    let carouselScriptURL: String
    package let userCount: Int
    package let postCount: Int
    let usersLabel: String
    let postsLabel: String
    let atomURL: String?
    let extra: TemplateValue
    package let readKey: UInt64? = ValueKey.site.recorded

    init(
        title: String, description: String?, language: String, direction: String, baseURL: String?, homeURL: String, usersURL: String, searchURL: String,
        tagsURL: String, searchScriptURL: String, carouselScriptURL: String, userCount: Int, postCount: Int, usersLabel: String, postsLabel: String,
        atomURL: String?,
        extra: TemplateValue
    ) {
        self.title = title
        self.description = description
        self.language = language
        self.direction = direction
        self.baseURL = baseURL
        self.homeURL = homeURL
        self.usersURL = usersURL
        self.searchURL = searchURL
        self.tagsURL = tagsURL
        self.searchScriptURL = searchScriptURL
        self.carouselScriptURL = carouselScriptURL
        self.userCount = userCount
        self.postCount = postCount
        self.usersLabel = usersLabel
        self.postsLabel = postsLabel
        self.atomURL = atomURL
        self.extra = extra
    }

    package static let templateFields = TemplateFieldList<SiteValues>(
        "site",
        [
            .text("title") { $0.title },
            .optionalText("description") { $0.description },
            .text("language") { $0.language },
            .text("direction") { $0.direction },
            .optionalText("baseURL") { $0.baseURL },
            .text("homeURL") { $0.homeURL },
            .text("usersURL") { $0.usersURL },
            .text("searchURL") { $0.searchURL },
            .text("tagsURL") { $0.tagsURL },
            .text("searchScriptURL") { $0.searchScriptURL },
            .text("carouselScriptURL") { $0.carouselScriptURL },
            .number("userCount") { $0.userCount },
            .number("postCount") { $0.postCount },
            .text("usersLabel") { $0.usersLabel },
            .text("postsLabel") { $0.postsLabel },
            .optionalText("atomURL") { $0.atomURL },
            .value("extra", .any) { $0.extra },
        ])
}
