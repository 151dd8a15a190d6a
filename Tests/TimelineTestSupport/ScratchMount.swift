import Foundation
import TimelineSystem

/// A real file system fault for a test: a small tmpfs that can be filled, or a folder made
/// read-only by a read-only bind mount onto itself. Mounting needs root and a system that
/// allows it (not a container without the capability): a suite that mounts is enabled only
/// when `unavailableReason` is nil, so elsewhere it is shown as skipped, with the reason. (A
/// condition trait, not `Test.cancel`, which Swift Testing makes public only from 6.3.) Call
/// `unmount()` in a `defer`.
package struct ScratchMount {
    package let path: String

    /// Why mounting cannot work here, or nil when it can: checked once, by mounting a small
    /// tmpfs and remounting a bind mount of it read-only in a temporary folder.
    package static let unavailableReason: String? = probe()

    /// A mount the system refused although the probe worked.
    package struct Refused: Error, CustomStringConvertible {
        package let description: String
    }

    private static func probe() -> String? {
        guard CurrentProcess.isRoot else { return "needs root to mount a tmpfs and read-only bind mounts (run the tests as root, as CI does)" }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-mount-probe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let mounted = try tmpfs(at: folder, bytes: 1 << 20)
            defer { mounted.unmount() }
            let readOnly = try readOnly(folder)
            readOnly.unmount()
            return nil
        } catch {
            return "the system refused to mount (\(error)): a container without the capability"
        }
    }

    /// A tmpfs of `bytes` bytes mounted on `path` (created when missing).
    package static func tmpfs(at path: String, bytes: Int) throws -> ScratchMount {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try mount(["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", path], what: "a \(bytes)-byte tmpfs on \(path)")
        return ScratchMount(path: path)
    }

    /// `folder` mounted read-only onto itself: every write under it fails with EROFS, whoever
    /// runs it (root included, unlike permission bits).
    package static func readOnly(_ folder: String) throws -> ScratchMount {
        try mount(["--bind", folder, folder], what: "a bind mount of \(folder)")
        let readOnly = ScratchMount(path: folder)
        do {
            try mount(["-o", "remount,bind,ro", folder], what: "a read-only remount of \(folder)")
        } catch {
            readOnly.unmount()
            throw error
        }
        return readOnly
    }

    /// Unmounts; lazily when busy, so a failed test never leaves the mount behind.
    package func unmount() {
        let result = try? Subprocess.runBlocking("/bin/umount", [path])
        if result?.status != 0 { _ = try? Subprocess.runBlocking("/bin/umount", ["-l", path]) }
    }

    private static func mount(_ arguments: [String], what: String) throws {
        let result = try Subprocess.runBlocking("/bin/mount", arguments)
        guard result.status == 0 else {
            throw Refused(description: "the system refused to mount \(what): \(result.standardError.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}

/// Takes every free byte of the file system holding `folder` with one file, so the next write
/// there fails with ENOSPC; `remove()` gives the space back.
package struct DiskFiller {
    package let path: String

    package static func fill(_ folder: String) throws -> DiskFiller {
        let path = folder + "/filler"
        let file = try WritableFile(replacing: path)
        // Large writes until the space runs out, then single pages, then single bytes, so no
        // partial page is left either.
        for size in [1 << 20, 4096, 1] {
            let chunk = [UInt8](repeating: 0x2E, count: size)
            while (try? file.write(chunk)) != nil {}
        }
        return DiskFiller(path: path)
    }

    package func remove() throws {
        try FileManager.default.removeItem(atPath: path)
    }
}
