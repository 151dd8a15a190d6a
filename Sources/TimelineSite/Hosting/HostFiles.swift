import TimelineContent
import TimelineModel
import TimelineTemplates

/// The files a host reads beside the pages, written when `site.json` names the host:
/// `_headers` for Netlify and Cloudflare Pages, `.nojekyll` for GitHub Pages (which then
/// publishes the folder as it is, without running Jekyll over it), `timeline.nginx.conf` for
/// nginx. Every host but nginx finds the 404 page by itself at `404.html` of the root.
package enum HostFiles {
    static let noJekyllFile = ".nojekyll"

    /// The files for `settings.host`, by path in the output folder.
    package static func files(settings: SiteSettings, images: PublishedImages) -> [(path: String, bytes: [UInt8])] {
        let policy = CachePolicy(settings: settings, images: images)
        switch settings.host {
        case .none: return []
        case .netlify, .cloudflarePages: return [(HeadersFile.name, Array(HeadersFile.text(policy, host: settings.host).utf8))]
        case .githubPages: return [(noJekyllFile, [])]
        case .nginx: return [(NginxSnippet.name, Array(NginxSnippet.text(policy, precompressed: settings.precompress).utf8))]
        }
    }

    package static func write(settings: SiteSettings, images: PublishedImages, to output: any FileSink) throws(SiteFiles.Failure) {
        for file in files(settings: settings, images: images) { try output.file(file.path, bytes: file.bytes, stage: .write) }
    }
}
