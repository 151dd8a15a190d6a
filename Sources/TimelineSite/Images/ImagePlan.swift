import TimelineContent
import TimelineModel
import TimelineTemplates

/// What to make from one source image, from its upright size and the settings: the display
/// widths (never wider than the original) and the square crops, each in both formats, and how
/// wide to decode the source so that every one of them can be cut from that one copy.
package struct ImagePlan: Sendable, Equatable {
    package enum Purpose: Sendable {
        case postPhoto
        case avatar
    }

    let masterWidth: Int
    let specs: [RenditionSpec]

    package static func make(_ purpose: Purpose, upright: PixelSize, settings: ImageSettings) -> ImagePlan {
        let widths = purpose == .postPhoto ? displayWidths(upright.width, wanted: settings.widths) : []
        let squares = squareSides(min(upright.width, upright.height), wanted: purpose == .postPhoto ? settings.thumbnailSizes : settings.avatarSizes)
        let widestSquare = squares.last ?? 0
        // A square of side s needs the decoded copy's shorter side to be at least s.
        let widthForSquares = (widestSquare * upright.width + min(upright.width, upright.height) - 1) / max(1, min(upright.width, upright.height))
        let masterWidth = min(upright.width, max(widths.last ?? 0, widthForSquares))
        var specs: [RenditionSpec] = []
        for format in ImageFormat.allCases {
            let quality = format == .jpeg ? settings.jpegQuality : settings.webpQuality
            specs += widths.map { RenditionSpec(shape: .width($0), format: format, quality: quality, keepCameraData: settings.keepCameraData) }
            specs += squares.map { RenditionSpec(shape: .square($0), format: format, quality: quality, keepCameraData: settings.keepCameraData) }
        }
        return ImagePlan(masterWidth: max(1, masterWidth), specs: specs)
    }

    /// The wanted widths narrower than the original, plus the original's own width when it is
    /// narrower than the widest wanted one, so a small photo still gets its full sharpness.
    static func displayWidths(_ originalWidth: Int, wanted: [Int]) -> [Int] {
        var widths = wanted.filter { $0 < originalWidth }
        if let widest = wanted.last, originalWidth <= widest { widths.append(originalWidth) }
        return widths
    }

    static func squareSides(_ shortestSide: Int, wanted: [Int]) -> [Int] {
        let fitting = wanted.filter { $0 <= shortestSide }
        return fitting.isEmpty ? [shortestSide] : fitting
    }
}

/// One file to encode, described by everything that shapes its bytes.
package struct RenditionSpec: Sendable, Hashable {
    package enum Shape: Sendable, Hashable {
        case width(Int)
        case square(Int)
    }

    let shape: Shape
    package let format: ImageFormat
    let quality: Int
    let keepCameraData: Bool

    /// Bumped whenever the processing changes in a way that changes output bytes.
    static let pipelineVersion = "timeline-images-4"

    var recipe: String {
        let shapeText =
            switch shape {
            case .width(let width): "width \(width)"
            case .square(let side): "square \(side) attention"
            }
        return "\(Self.pipelineVersion) \(shapeText) \(format.rawValue) q\(quality) \(keepCameraData ? "camera-exif" : "no-metadata")"
    }

    package func key(sourceDigest: String) -> String {
        ContentHash.of(sourceDigest + " " + recipe)
    }

    /// `960` or `sq320`, the part of the published file name that says what it is.
    var nameSuffix: String {
        switch shape {
        case .width(let width): "\(width)"
        case .square(let side): "sq\(side)"
        }
    }
}
