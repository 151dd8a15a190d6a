import TimelineContent
import TimelineModel
import TimelineTemplates

/// A hashtag as templates see it (`tag` on a tag page, items of `tags` on the index).
package final class TagValues: TemplateContext {
    package let name: String
    package let key: String
    package let url: String
    package let postCount: Int
    let postsLabel: String
    let atomURL: String?
    package let readKey: UInt64?

    init(name: String, key: String, url: String, postCount: Int, postsLabel: String, atomURL: String?) {
        self.name = name
        self.key = key
        readKey = ValueKey.tag(key: key).recorded
        self.url = url
        self.postCount = postCount
        self.postsLabel = postsLabel
        self.atomURL = atomURL
    }

    package static let templateFields = TemplateFieldList<TagValues>(
        "tag",
        [
            .text("name") { $0.name },
            .text("key") { $0.key },
            .text("url") { $0.url },
            .number("postCount") { $0.postCount },
            .text("postsLabel") { $0.postsLabel },
            .optionalText("atomURL") { $0.atomURL },
        ])
}

/// `tag`: one page of the posts of a hashtag, newest first.
package final class TagPage: PageTemplateContext {
    let common: CommonValues
    package let tag: TagValues
    package let list: PostListValues

    init(common: CommonValues, tag: TagValues, list: PostListValues) {
        self.common = common
        self.tag = tag
        self.list = list
    }

    package static let templateFields = TemplateFieldList<TagPage>(
        "tag page", commonFields() + [.object("tag") { $0.tag }] + PostListValues.fields { $0.list })
}

/// `tags`: every hashtag of the site, most used first.
package final class TagsPage: PageTemplateContext {
    let common: CommonValues
    package let tags: [TagValues]
    let filterMessagesJSON: String

    init(common: CommonValues, tags: [TagValues], filterMessagesJSON: String) {
        self.common = common
        self.tags = tags
        self.filterMessagesJSON = filterMessagesJSON
    }

    package static let templateFields = TemplateFieldList<TagsPage>(
        "tags page",
        commonFields() + [
            .list("tags") { $0.tags },
            .bool("hasTags") { !$0.tags.isEmpty },
            .text("filterMessagesJSON") { $0.filterMessagesJSON },
        ])
}
