import TimelineTemplates

/// `site`: the values every page shares (docs/templates.md).
final class SiteValues: TemplateContext {
    let title: String
    let description: String?
    let language: String
    let baseURL: String?
    let homeURL: String
    let usersURL: String
    let searchURL: String
    let searchScriptURL: String
    let userCount: Int
    let postCount: Int
    let atomURL: String?

    init(title: String, description: String?, language: String, baseURL: String?, homeURL: String, usersURL: String, searchURL: String, searchScriptURL: String, userCount: Int, postCount: Int, atomURL: String?) {
        self.title = title
        self.description = description
        self.language = language
        self.baseURL = baseURL
        self.homeURL = homeURL
        self.usersURL = usersURL
        self.searchURL = searchURL
        self.searchScriptURL = searchScriptURL
        self.userCount = userCount
        self.postCount = postCount
        self.atomURL = atomURL
    }

    static let templateFields = TemplateFieldList<SiteValues>("site", [
        .text("title") { $0.title },
        .optionalText("description") { $0.description },
        .text("language") { $0.language },
        .optionalText("baseURL") { $0.baseURL },
        .text("homeURL") { $0.homeURL },
        .text("usersURL") { $0.usersURL },
        .text("searchURL") { $0.searchURL },
        .text("searchScriptURL") { $0.searchScriptURL },
        .number("userCount") { $0.userCount },
        .number("postCount") { $0.postCount },
        .optionalText("atomURL") { $0.atomURL },
    ])
}
