/// The write stage: renders pages on every core and writes each as soon as it is made, then
/// publishes photos, avatars and the theme's assets.
enum SiteWriter {
    struct Failure: Error {
        let diagnostics: [Diagnostic]
    }

    static func writePages(_ pages: [Page], renderer: PageRenderer, to staged: StagedOutput, templatesDisplay: String) async throws(Failure) {
        let outcomes = await ParallelMap.chunks(count: pages.count) { range -> Diagnostic? in
            for page in pages[range] {
                do {
                    let rendered = try renderer.render(page)
                    try staged.write(rendered.outputFile, text: rendered.html)
                } catch let missing as PageRenderer.MissingTemplate {
                    return .error(.missingTemplate, stage: .render, at: SourceLocation(path: templatesDisplay + missing.name + ".mustache"), "the theme has no '\(missing.name)' template")
                } catch {
                    return .error(.outputError, stage: .write, at: SourceLocation(path: staged.stagingRoot), "\(error)")
                }
            }
            return nil
        }
        let problems = outcomes.compactMap { $0 }
        if !problems.isEmpty { throw Failure(diagnostics: problems) }
    }

    /// Copies each post's photo beside its page, avatars into the user folders and the theme's
    /// `assets/` folder. Returns how many files it wrote.
    static func publishFiles(site: LinkedSite, theme: Theme, contentRoot: String, to staged: StagedOutput) async throws(Failure) -> Int {
        let paths = SitePaths(settings: site.settings)
        var copies: [(source: String, destination: String)] = []
        copies.reserveCapacity(site.posts.count + site.users.count + theme.assetFiles.count)
        for post in site.posts {
            copies.append((contentRoot + "/" + post.photo.relativePath, paths.photoFile(of: post)))
        }
        for user in site.users {
            if let avatar = user.avatar, let file = paths.avatarFile(of: user) {
                copies.append((contentRoot + "/" + avatar.relativePath, file))
            }
        }
        for asset in theme.assetFiles {
            copies.append((theme.root + "/assets/" + asset, "assets/" + asset))
        }
        let list = copies
        let outcomes = await ParallelMap.chunks(count: list.count) { range -> Diagnostic? in
            for (source, destination) in list[range] {
                do {
                    try staged.copy(from: source, to: destination)
                } catch {
                    return .error(.outputError, stage: .write, at: SourceLocation(path: source), "\(error)")
                }
            }
            return nil
        }
        let problems = outcomes.compactMap { $0 }
        if !problems.isEmpty { throw Failure(diagnostics: problems) }
        return list.count
    }
}

extension StagedOutput {
    func commitReportingFailure(display: String) throws(SiteWriter.Failure) {
        do {
            try commit()
        } catch {
            throw SiteWriter.Failure(diagnostics: [.error(.outputError, stage: .write, at: SourceLocation(path: display), "cannot put the new site in place: \(error.description)")])
        }
    }
}
