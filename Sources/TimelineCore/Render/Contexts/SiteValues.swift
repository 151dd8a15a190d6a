import TimelineTemplates

/// `site`: the values every page shares (docs/templates.md).
struct SiteValues: TemplateContext {
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

    static let templateFields = TemplateFieldList<Self>("site", [
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
