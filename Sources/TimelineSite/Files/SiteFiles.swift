import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// The site's files: renders pages on every core and hands each to the output stage as soon as it is made, then
/// publishes photos, avatars and the theme's assets.
package enum SiteFiles {
    package struct Failure: Error {
        package let diagnostics: [Diagnostic]

        package init(diagnostics: [Diagnostic]) {
            self.diagnostics = diagnostics
        }
    }

    /// Renders only the pages whose template or context changed since the last build, and
    /// returns what each page read (`PageReads`) with its output file, in the order of `pages`.
    /// A page not rendered read what it read before (`known`); one whose reads `known` does not
    /// hold is rendered for them, and not written.
    package static func makePages(
        _ pages: [Page], renderer: PageRenderer, to output: any FileSink, templates: SitePath, known: PageReads
    ) async throws(Failure) -> [(file: String, pairs: [UInt64])] {
        let outcomes = await ParallelMap.chunks(count: pages.count) { range -> (problem: Diagnostic?, reads: [(file: String, pairs: [UInt64])]) in
            var reads: [(file: String, pairs: [UInt64])] = []
            reads.reserveCapacity(range.count)
            for page in pages[range] {
                do {
                    let prepared = renderer.prepare(page)
                    let log = TemplateReadLog()
                    var rendered = false
                    try output.file(prepared.outputFile, fingerprint: renderer.fingerprint(prepared)) {
                        rendered = true
                        return try renderer.render(prepared, log: log)
                    }
                    if !rendered {
                        if let kept = known.pairs(of: prepared.outputFile) {
                            reads.append((prepared.outputFile, kept))
                            continue
                        }
                        _ = try renderer.render(prepared, log: log)
                    }
                    log.record(pairs: renderer.ownReads(of: page))
                    reads.append((prepared.outputFile, log.pairs))
                } catch let missing as PageRenderer.MissingTemplate {
                    return (
                        .error(
                            .missingTemplate, stage: .render, at: SourceLocation(path: templates.appending(missing.name + ".mustache").shown),
                            "the theme has no '\(missing.name)' template"), reads
                    )
                } catch {
                    return (.error(.outputError, stage: .write, at: SourceLocation(path: output.location), "\(error)"), reads)
                }
            }
            return (nil, reads)
        }
        let problems = outcomes.compactMap(\.problem)
        if !problems.isEmpty { throw Failure(diagnostics: problems) }
        return outcomes.flatMap(\.reads)
    }

    /// Publishes the processed images (hard links into the cache), any originals the site
    /// publishes, and the theme's `assets/` folder.
    package static func publishFiles(images: PublishedImages, theme: Theme, to output: any FileSink) async throws(Failure) {
        var transfers = imageTransfers(processed: images.processedFiles, originals: images.originalFiles)
        transfers += theme.assetFiles.map { asset in
            let path = "assets/" + asset
            return theme.files.sitePath(of: path).map { Transfer.copy($0, nil, path) } ?? Transfer.builtIn(path, path)
        }
        try await perform(transfers, themeFiles: theme.files, to: output)
    }

    /// Publishes the processed images and originals of one post (an edit build that adds it).
    package static func publishImages(
        processed: [(cacheFile: String, outputFile: String)], originals: [(source: String, identity: Digest?, outputFile: String)], theme: Theme,
        to output: any FileSink
    ) async throws(Failure) {
        try await perform(imageTransfers(processed: processed, originals: originals), themeFiles: theme.files, to: output)
    }

    private enum Transfer: Sendable {
        case link(String, String)
        case copy(String, Digest?, String)
        case builtIn(String, String)
    }

    private static func imageTransfers(
        processed: [(cacheFile: String, outputFile: String)], originals: [(source: String, identity: Digest?, outputFile: String)]
    ) -> [Transfer] {
        processed.map { Transfer.link($0.cacheFile, $0.outputFile) } + originals.map { Transfer.copy($0.source, $0.identity, $0.outputFile) }
    }

    private static func perform(_ list: [Transfer], themeFiles files: ThemeFiles, to output: any FileSink) async throws(Failure) {
        let outcomes = await ParallelMap.chunks(count: list.count) { range -> Diagnostic? in
            for transfer in list[range] {
                do throws(FileSystem.Failure) {
                    switch transfer {
                    case .link(let source, let destination): try output.link(from: source, to: destination)
                    case .copy(let source, let identity, let destination): try output.copy(from: source, identity: identity, to: destination)
                    case .builtIn(let source, let destination): try output.file(destination, bytes: try files.bytes(of: source))
                    }
                } catch {
                    return .fileSystem(error, stage: .write)
                }
            }
            return nil
        }
        let problems = outcomes.compactMap { $0 }
        if !problems.isEmpty { throw Failure(diagnostics: problems) }
    }
}

extension FileSink {
    /// A file whose bytes are at hand, for a stage that reports a failure as its diagnostic.
    package func file(_ path: String, bytes: [UInt8], stage: BuildStage) throws(SiteFiles.Failure) {
        do {
            try file(path, bytes: bytes)
        } catch {
            throw SiteFiles.Failure(diagnostics: [.fileSystem(error, stage: stage)])
        }
    }
}
