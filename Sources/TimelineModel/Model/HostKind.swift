/// Where a site is published (`site.json` `host`), which decides the host files a build writes
/// beside the pages: cache headers, the 404 page's wiring, a server configuration.
public enum HostKind: String, Sendable, Hashable, CaseIterable {
    case none
    case netlify
    case cloudflarePages = "cloudflare-pages"
    case githubPages = "github-pages"
    case nginx
}
