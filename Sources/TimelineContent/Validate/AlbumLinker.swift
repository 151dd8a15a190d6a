import TimelineModel

/// Checks each album against the linked site: its owner is a user, and each of its posts is on
/// the site, by the owner or by someone the owner follows.
package enum AlbumLinker {
    /// The albums in their order on the site: by owner in user order, then by slug ignoring
    /// case (`duplicateAlbumSlug` makes that unique).
    package static func link(_ albums: [Album], in site: LinkedSite, resolver: UserResolver, diagnostics: inout DiagnosticList) -> [Album] {
        var linked: [(owner: Int, album: Album)] = []
        for album in albums {
            guard let owner = resolver.resolve(album.owner, role: "album owner", diagnostics: &diagnostics) else { continue }
            let problems = album.posts.compactMap { problem(with: $0, owner: owner, in: site) }
            diagnostics.append(contentsOf: problems)
            if problems.isEmpty { linked.append((owner, album)) }
        }
        return linked.sorted { lhs, rhs in
            if lhs.owner != rhs.owner { return lhs.owner < rhs.owner }
            return lhs.album.slug.lowercased().utf8Precedes(rhs.album.slug.lowercased())
        }.map(\.album)
    }

    private static func problem(with reference: PostReference, owner: Int, in site: LinkedSite) -> Diagnostic? {
        guard let index = site.postIndex(of: reference.id) else {
            return .error(
                .unknownAlbumPost, stage: .validate, at: reference.location, "unknown post '\(reference.id)': the site has no folder posts/\(reference.id)")
        }
        let author = site.postAuthor[index]
        guard author != owner, !site.following[owner].contains(author) else { return nil }
        return .error(
            .albumPostNotFollowed, stage: .validate, at: reference.location,
            "post '\(reference.id)' is by \(site.users[author].username), whom \(site.users[owner].username) does not follow; an album holds its owner's posts and those of the people they follow"
        )
    }
}
