/// Where the shared photo lives inside `.workload/`. Every post's photo.png is
/// a hard link to one of these files. File systems cap the links one file may
/// have (ext4 at 65,000), so each block of `postsPerSource` posts links to its
/// own copy: `photo.png` for the first block, `photo-<block>.png` after that.
struct PhotoSources: Sendable {
    static let postsPerSource = 50_000

    let output: OutputDirectory
    let postCount: Int

    var paths: [String] {
        let sourceCount = max(1, (postCount + PhotoSources.postsPerSource - 1) / PhotoSources.postsPerSource)
        return (0..<sourceCount).map(path(forBlock:))
    }

    func path(forPostIndex postIndex: Int) -> String {
        path(forBlock: postIndex / PhotoSources.postsPerSource)
    }

    private func path(forBlock block: Int) -> String {
        let name = block == 0 ? "photo.png" : "photo-\(block).png"
        return output.child(OutputDirectory.markerFolder + "/" + name)
    }
}
