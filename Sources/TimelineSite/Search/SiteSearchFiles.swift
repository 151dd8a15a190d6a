import TimelineContent
import TimelineModel
import TimelineSystem

/// The search stage of a whole build: the site's post and user indexes, their cards and the
/// manifest, handed to the output stage as they are made.
package enum SiteSearchFiles {
    package static func make(
        site: LinkedSite, images: PublishedImages, contexts: PageContexts, layout: SearchLayout, to output: any FileSink
    ) async throws(SiteFiles.Failure) -> SearchIndex {
        do {
            return try await SearchIndexBuilder.write(collections(site: site, images: images, contexts: contexts), layout: layout) {
                file throws(FileSystem.Failure) in
                try output.file(file.path, bytes: file.bytes)
            }
        } catch {
            throw SiteFiles.Failure(diagnostics: [.fileSystem(error, stage: .search)])
        }
    }

    /// The index as `make` would write it, without writing a file: what an edit build starts
    /// from when the files are already in the output folder.
    package static func index(site: LinkedSite, images: PublishedImages, contexts: PageContexts, layout: SearchLayout) async -> SearchIndex {
        do {
            return try await SearchIndexBuilder.write(collections(site: site, images: images, contexts: contexts), layout: layout) { _ in }
        } catch {
            // Nothing is written, so nothing can fail.
            return SearchIndex(manifest: SearchIndexBuilder.manifestFile([]), collections: [])
        }
    }

    private static func collections(site: LinkedSite, images: PublishedImages, contexts: PageContexts) -> [SearchCollection] {
        SiteSearchCollections.make(images: images, contexts: contexts)
    }
}
