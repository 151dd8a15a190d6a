import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// Where each page and file lives: its path inside the output folder and its URL. URLs are
/// root-relative and start with the base path taken from `baseURL`, so every internal link
/// works when the site is served from a sub-path such as https://example.org/photos/.
public struct SitePaths: Sendable {
    /// `/` or `/photos/`.
    public let basePath: String
    /// Absolute site URL ending in `/`, when known.
    public let baseURL: String?
    /// Rewrites each page's links relative to the page, when `relativeURLs` is on.
    let relativeLinks: RelativeLinks?

    public init(settings: SiteSettings) {
        basePath = settings.basePath
        baseURL = settings.baseURL
        relativeLinks = settings.relativeURLs ? RelativeLinks(basePath: settings.basePath) : nil
    }

    /// A page at a folder (`u/hansolo/`), written as `u/hansolo/index.html`.
    public struct Location: Sendable, Hashable {
        /// Relative to the site root, without a leading slash; empty for the home page.
        public let folder: String
        /// The folder as a URL path: percent-encoded where the folder is not ASCII (a tag's).
        public let urlFolder: String
        public var outputFile: String { folder.isEmpty ? "index.html" : folder + "index.html" }

        init(folder: String, urlFolder: String? = nil) {
            self.folder = folder
            self.urlFolder = urlFolder ?? folder
        }
    }

    public func url(_ location: Location) -> String { basePath + location.urlFolder }
    public func url(file: String) -> String { basePath + file }

    /// A URL written into a file that lives in `folder` (the search index's records): relative
    /// to that folder when `relativeURLs` is on, else root-relative.
    package func url(ofPath path: String, from folder: Location) -> String {
        guard relativeLinks != nil else { return basePath + path }
        return RelativeURL(folder: folder.urlFolder).path(to: path)
    }

    /// The absolute URL for a root-relative one, when a base URL is known.
    public func absoluteURL(_ location: Location) -> String? {
        baseURL.map { $0 + location.urlFolder }
    }

    static func paged(_ folder: String, page: Int) -> Location {
        Location(folder: page == Pagination.front ? folder : folder + "page/\(page)/")
    }

    static func paged(_ location: Location, page: Int) -> Location {
        page == Pagination.front ? location : Location(folder: location.folder + "page/\(page)/", urlFolder: location.urlFolder + "page/\(page)/")
    }

    public func home(page: Int = Pagination.front) -> Location { Self.paged("", page: page) }
    public func profile(_ username: String, page: Int = Pagination.front) -> Location { Self.paged("u/\(username)/", page: page) }
    public func feed(_ username: String, page: Int = Pagination.front) -> Location { Self.paged("u/\(username)/feed/", page: page) }
    public func following(_ username: String) -> Location { Location(folder: "u/\(username)/following/") }
    public func followers(_ username: String) -> Location { Location(folder: "u/\(username)/followers/") }
    public func post(_ id: ContentID) -> Location { Location(folder: "p/\(id.rawValue)/") }
    public func albums(_ username: String) -> Location { Location(folder: "u/\(username)/albums/") }
    /// An album's pages: its slug is letters, digits, `-` and `_` only.
    public func album(_ username: String, slug: String, page: Int = Pagination.front) -> Location {
        Self.paged("u/\(username)/albums/\(slug)/", page: page)
    }
    public func users() -> Location { Location(folder: "users/") }
    public func search() -> Location { Location(folder: "search/") }
    public func tags() -> Location { Location(folder: "tags/") }
    /// A tag's pages: its key is letters, marks, digits and `_` only, so it is a safe folder
    /// name as it is; its URL is percent-encoded (`tags/caf%C3%A9/`).
    public func tag(_ key: String, page: Int = Pagination.front) -> Location {
        Self.paged(Location(folder: "tags/\(key)/", urlFolder: "tags/\(PercentEncoding.encoded(key))/"), page: page)
    }

    public static let notFoundFile = "404.html"

    /// The published copies of a post's photos, next to the post page, in the post's order:
    /// each its safe file name, with `-2`, `-3`… before the extension where an earlier photo of
    /// the post took that name (`a b.jpg` and `a-b.jpg` are both `a-b.jpg`).
    public func photoFiles(of post: Post) -> [String] {
        var taken = Set<String>()
        return post.photos.map { photo in
            let name = URLPath.safeFileName(photo.asset.fileName)
            var unique = name
            var number = 2
            while taken.contains(unique) {
                let stem = Path.stem(of: name)
                unique = stem + "-\(number)" + name.dropFirst(stem.count)
                number += 1
            }
            taken.insert(unique)
            return "p/\(post.id.rawValue)/\(unique)"
        }
    }
    public func avatarFile(of user: User) -> String? {
        user.avatar.map { "u/\(user.username)/avatar.\(Path.fileExtension(of: $0.fileName))" }
    }

    public func assetURL(_ name: String) -> String { basePath + "assets/" + name }
}

/// Output file names built from content names: anything outside a conservative set becomes
/// `-`, so a photo's name can never introduce a path separator, a dot file or a character that
/// needs escaping in a URL.
package enum URLPath {
    static func safeFileName(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": result.unicodeScalars.append(scalar)
            default: result.append("-")
            }
        }
        while result.hasPrefix(".") { result = "-" + result.dropFirst() }
        return result.isEmpty ? "photo" : result
    }
}
