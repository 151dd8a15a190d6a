import Foundation
import Testing

/// Makes test photos with the real tools (libvips' `vips`, `exiftool`) and reads them back.
package enum TestImages {
    package struct ToolFailure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Runs a command-line tool and returns its standard output; a missing tool or a non-zero
    /// exit fails the test with the tool's own message.
    @discardableResult
    package static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let result: Subprocess.Result
        do {
            result = try Subprocess.runBlocking("/usr/bin/env", [tool] + arguments)
        } catch {
            throw ToolFailure(description: "cannot run \(tool) (make test installs it): \(error)")
        }
        guard result.status == 0 else {
            throw ToolFailure(description: "\(tool) \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.standardError)")
        }
        return result.standardOutput
    }

    package typealias RGB = (red: UInt8, green: UInt8, blue: UInt8)

    /// A JPEG of `width`×`height` whose pixels are `color(x, y)`, written through a PPM.
    package static func jpeg(at path: String, width: Int, height: Int, quality: Int = 95, color: (Int, Int) -> RGB) throws {
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = color(x, y)
                bytes += [pixel.red, pixel.green, pixel.blue]
            }
        }
        let ppm = path + ".ppm"
        try Data(bytes).write(to: URL(fileURLWithPath: ppm))
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        try run("vips", ["copy", ppm, "\(path)[Q=\(quality)]"])
    }

    /// The sample photo followed by zeros up to `size` bytes: a valid JPEG, whatever trails it.
    /// A sparse file, so no disk is used.
    package static func paddedPhoto(at path: String, size: Int) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.samplePhoto)).write(to: URL(fileURLWithPath: path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }

    /// A smooth gradient, like a photo without hard edges.
    package static func gradientJPEG(at path: String, width: Int, height: Int) throws {
        try jpeg(at: path, width: width, height: height) { x, y in
            (UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 128)
        }
    }

    /// The pixel at (x, y), read by libvips.
    package static func pixel(_ path: String, x: Int, y: Int) throws -> [Double] {
        try run("vips", ["getpoint", path, "\(x)", "\(y)"]).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    }

    package static func size(_ path: String) throws -> (width: Int, height: Int) {
        let width = Int(try run("vipsheader", ["-f", "width", path]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        let height = Int(try run("vipsheader", ["-f", "height", path]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        return (width, height)
    }

    /// Every metadata tag exiftool finds, as `Group:Tag`, leaving out what describes the file
    /// rather than the photo (file system, format, pixel size).
    package static func metadataTags(_ path: String) throws -> [String] {
        let json = try run("exiftool", ["-j", "-a", "-G1", "-s", path])
        guard let list = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]], let tags = list.first else { return [] }
        let descriptive: Set<String> = ["ExifTool", "System", "File", "RIFF", "Composite", "JFIF", "VP8", "VP8L", "VP8X"]
        return tags.keys.filter { key in
            guard let group = key.split(separator: ":").first else { return false }
            return !descriptive.contains(String(group)) && key != "SourceFile"
        }.sorted()
    }
}
