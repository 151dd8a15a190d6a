import Foundation

/// A site's own templates, drawn at random for the incremental-build property tests: the
/// built-in theme with values a theme can read shown where the built-in one does not show them
/// (the site's counts on every home, tag and timeline page, a user's follower count in every
/// footer, like counts on every card, a commenter's post count on post pages). Whatever a theme
/// shows where, an edit build must give the bytes of a clean build.
package struct GeneratedTheme: Sendable, CustomStringConvertible {
    /// Text put into theme files, by path under `Templates/`: into the `main` block of a page
    /// template, at the end of a partial or of the base template.
    package var additions: [String: String] = [:]

    package init() {}

    package var description: String {
        additions.isEmpty ? "the built-in theme" : additions.keys.sorted().joined(separator: ", ")
    }

    /// Where values are shown, and what each place can read.
    static let places: [(file: String, snippets: [String])] = [
        ("base.mustache", ["<footer>{{site.postCount}} {{site.userCount}}</footer>", "{{#site}}<footer>{{postsLabel}} · {{usersLabel}}</footer>{{/site}}"]),
        (
            "home.mustache",
            ["<p>{{site.postCount}} {{site.usersLabel}}</p>", "{{#posts}}<i>{{likeCount}} {{author.followerCount}} {{author.postCount}}</i>{{/posts}}"]
        ),
        ("profile.mustache", ["{{#user}}<p>{{followerCount}} {{followingCount}} {{postsLabel}}</p>{{/user}}", "<p>{{site.postCount}}</p>"]),
        (
            "feed.mustache",
            ["<p>{{site.userCount}} {{user.postCount}}</p>", "{{#posts}}<i>{{commentCount}} {{author.displayName}} {{author.followingCount}}</i>{{/posts}}"]
        ),
        ("tag.mustache", ["<p>{{tag.postCount}} {{site.postsLabel}}</p>", "{{#posts}}<i>{{author.postCount}}</i>{{/posts}}"]),
        ("tags.mustache", ["{{#tags}}<i>{{name}} {{postCount}}</i>{{/tags}} {{site.postCount}}"]),
        ("user-list.mustache", ["{{#users}}<i>{{postCount}} {{followingCount}}</i>{{/users}}", "<p>{{site.userCount}}</p>"]),
        (
            "post.mustache",
            [
                "{{#post}}<p>{{author.followerCount}} {{author.postCount}} {{likeCount}}</p>{{#likers}}<i>{{postCount}}</i>{{/likers}}{{/post}}",
                "{{#post.comments}}{{#author}}<i>{{followerCount}} {{postCount}}</i>{{/author}}{{/post.comments}} {{site.postCount}}",
                "{{#post.albums}}<i>{{postCount}} {{postsLabel}}</i>{{/post.albums}}",
            ]
        ),
        ("404.mustache", ["<p>{{site.postCount}} {{site.userCount}}</p>"]),
        ("partials/post-card.mustache", ["<i>{{author.postCount}} {{author.followerCount}} {{commentCount}}</i>\n"]),
        ("partials/user-row.mustache", ["<i>{{followerCount}} {{followingCount}}</i>\n"]),
        (
            "album.mustache",
            ["{{#album}}<p>{{postCount}} {{slug}}</p>{{/album}} {{user.followerCount}}", "{{#posts}}<i>{{author.postCount}} {{likeCount}}</i>{{/posts}}"]
        ),
        ("albums.mustache", ["{{#albums}}<i>{{postsLabel}} {{cover.alt}}</i>{{/albums}} {{site.postCount}}"]),
        ("partials/album-item.mustache", ["<i>{{postCount}} {{slug}}</i>\n"]),
    ]

    /// One to four places, each with one of its snippets.
    package static func random(using random: inout SplitMix) -> GeneratedTheme {
        var theme = GeneratedTheme()
        let count = 1 + Int(random.next() % 4)
        for _ in 0..<count {
            let place = places[Int(random.next() % UInt64(places.count))]
            theme.additions[place.file] = place.snippets[Int(random.next() % UInt64(place.snippets.count))]
        }
        return theme
    }

    /// `source` (the file at `path` under `Templates/`) with its addition.
    package func apply(to source: String, at path: String) -> String {
        guard let addition = additions[path] else { return source }
        if let main = source.range(of: "{{$main}}\n") { return source.replacingCharacters(in: main, with: "{{$main}}\n" + addition + "\n") }
        return source + addition
    }
}
