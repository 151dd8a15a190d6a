import TimelineSystem

/// The identity of the program that builds: part of every manifest, so that a new version of
/// the tool (or a rebuilt development binary) never trusts pages an older one wrote.
package enum BuildTool {
    package static let digest: Digest = {
        var hasher = StableHasher()
        hasher.combine(TimelineVersion.current)
        if let executable = CurrentProcess.executablePath, let status = FileSystem.status(of: executable) {
            hasher.combine(status.size)
            hasher.combine(status.modifiedNanoseconds)
            hasher.combine(status.inode)
        }
        return hasher.finalize()
    }()
}
