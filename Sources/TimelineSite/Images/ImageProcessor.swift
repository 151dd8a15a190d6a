import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// Processes the images of a build in three steps, so that a source used by many posts (the
/// same bytes, hard-linked or copied) is decoded and encoded once:
///
/// 1. `identify`, per job: the source file's digest (from the index while it is unchanged);
/// 2. `render`, once per distinct source and purpose (`SourceRecipe`): the plan, and the files
///    the cache does not hold, encoded from a single decoded copy freed before the next image;
/// 3. `publish`, per job: the rendered files under that job's own output names.
package struct ImageProcessor: Sendable {
    /// How many hex digits of its cache key a processed file's name holds (`rocket-480.1a2b3c4d5e.webp`).
    static let nameDigestLength = 10

    package let cache: ImageCache
    package let settings: ImageSettings
    /// The cache index as the build found it; what this build adds is returned, not stored.
    package let known: ImageCacheIndex
    /// Whether post photos' camera details are wanted (`showCameraDetails` in site.json): read
    /// from each original's EXIF once, then from the index.
    package var readsCameraDetails = false

    package init(cache: ImageCache, settings: ImageSettings, known: ImageCacheIndex, readsCameraDetails: Bool = false) {
        self.cache = cache
        self.settings = settings
        self.known = known
        self.readsCameraDetails = readsCameraDetails
    }

    package struct JobFailure: Error, Sendable {
        package let code: DiagnosticCode
        package let message: String
    }

    /// What every job of one source and purpose shares: the source's files in the cache.
    package struct RenderedSource: Sendable {
        let upright: PixelSize
        let placeholderColor: String
        /// Nil unless camera details are wanted (and for avatars).
        let camera: CameraDetails?
        /// In plan order: what each file is, its cache key, and its encoded size.
        let renditions: [(spec: RenditionSpec, key: String, entry: ImageCacheIndex.EncodedEntry)]
    }

    /// The shared work for one source and purpose: its result, and what it did on the way.
    package struct Rendering: Sendable {
        package struct Work: Sendable {
            /// Index entries this source confirmed or added (not its path: that is per job).
            var learned = ImageCacheIndex()
            var encodedCount = 0
            package var decoded = false
        }

        package let result: Result<RenderedSource, JobFailure>
        let work: Work
    }

    /// The report of a failure for one job: its own file and owner, even when the failure
    /// came from work it shares with other jobs.
    package static func diagnostic(_ failure: JobFailure, for job: ImageJob) -> Diagnostic {
        .error(failure.code, stage: .images, at: SourceLocation(path: job.source.shown), "\(job.owner): \(failure.message)")
    }

    /// Step 1: the source's stamp and digest, which say whose work this job can share.
    func identify(_ job: ImageJob) -> Result<ImageCacheIndex.SourceEntry, JobFailure> {
        do {
            return .success(try sourceEntry(job))
        } catch {
            return .failure(error)
        }
    }

    /// Step 2: plans the files of `job`'s source (whose digest is `digest`) and encodes those
    /// the cache does not hold. Every job with the same digest and purpose gets this result.
    package func render(_ job: ImageJob, digest: String) -> Rendering {
        var work = Rendering.Work()
        do {
            let rendered = try render(job, digest: digest, doing: &work)
            return Rendering(result: .success(rendered), work: work)
        } catch {
            return Rendering(result: .failure(error), work: work)
        }
    }

    private func render(_ job: ImageJob, digest: String, doing work: inout Rendering.Work) throws(JobFailure) -> RenderedSource {
        let (upright, camera) = try header(job, digest: digest, learning: &work.learned)
        guard upright.width * upright.height <= settings.maxPixels else {
            throw JobFailure(
                code: .photoTooLarge,
                message:
                    "the image is \(upright.width)×\(upright.height) pixels (\(Self.megapixels(upright.width * upright.height))), more than the limit of \(Self.megapixels(settings.maxPixels)) (images.maxPixels in site.json)"
            )
        }
        let plan = ImagePlan.make(job.purpose, upright: upright, settings: settings)
        let colorKey = Self.colorKey(digest: digest, plan: plan)
        var color = known.colors[colorKey]
        var entries: [RenditionSpec: (key: String, entry: ImageCacheIndex.EncodedEntry)] = [:]
        var missing: [(RenditionSpec, String)] = []
        for spec in plan.specs {
            let key = spec.key(sourceDigest: digest)
            if let entry = known.encoded[key], cache.holds(key: key, format: spec.format, entry: entry) {
                entries[spec] = (key, entry)
            } else {
                missing.append((spec, key))
            }
        }
        if !missing.isEmpty || color == nil {
            work.decoded = true
            let master = try Self.decoding { () throws(DecodedImage.Failure) in try DecodedImage.load(job.source.absolute, maxWidth: plan.masterWidth) }
            color = try Self.decoding { () throws(DecodedImage.Failure) in try master.meanColor() }
            // Each size or square is cut once, encoded in every format missing, and freed.
            var shapes: [RenditionSpec.Shape] = []
            for (spec, _) in missing where !shapes.contains(spec.shape) { shapes.append(spec.shape) }
            for shape in shapes {
                let image = try Self.decoding { () throws(DecodedImage.Failure) in try Self.shape(master, to: shape) }
                for (spec, key) in missing where spec.shape == shape {
                    let bytes = try Self.decoding { () throws(DecodedImage.Failure) in
                        try image.encoded(as: spec.format, quality: spec.quality, keepCameraData: spec.keepCameraData)
                    }
                    do {
                        try cache.store(bytes, key: key, format: spec.format)
                    } catch {
                        throw JobFailure(code: .imageCacheError, message: "cannot store a processed image in the cache: \(error.description)")
                    }
                    entries[spec] = (key, ImageCacheIndex.EncodedEntry(size: image.size, byteCount: bytes.count))
                    work.encodedCount += 1
                }
            }
        }
        guard let color else { throw JobFailure(code: .undecodablePhoto, message: "cannot measure the image") }
        work.learned.colors[colorKey] = color
        let renditions = plan.specs.compactMap { spec in entries[spec].map { (spec: spec, key: $0.key, entry: $0.entry) } }
        for rendition in renditions { work.learned.encoded[rendition.key] = rendition.entry }
        return RenderedSource(upright: upright, placeholderColor: color, camera: camera, renditions: renditions)
    }

    /// Step 3: the rendered source as `job` publishes it, under its own output folder and name.
    static func publish(_ rendered: RenderedSource, for job: ImageJob, cache: ImageCache) -> (
        image: ProcessedImage, files: [(cacheFile: String, outputFile: String)]
    ) {
        var display: [Rendition] = []
        var squares: [Rendition] = []
        var files: [(cacheFile: String, outputFile: String)] = []
        for (spec, key, entry) in rendered.renditions {
            let outputFile = job.outputFolder + job.stem + "-" + spec.nameSuffix + "." + key.prefix(Self.nameDigestLength) + "." + spec.format.fileExtension
            files.append((cache.file(forKey: key, format: spec.format), outputFile))
            let rendition = Rendition(size: entry.size, mediaType: spec.format.mediaType, outputFile: outputFile, byteCount: entry.byteCount)
            switch spec.shape {
            case .width: display.append(rendition)
            case .square: squares.append(rendition)
            }
        }
        let image = ProcessedImage(
            size: rendered.upright, placeholderColor: rendered.placeholderColor, display: display, squares: squares, camera: rendered.camera)
        return (image, files)
    }

    /// libvips' failures, as the build reports them.
    private static func decoding<Value>(_ body: () throws(DecodedImage.Failure) -> Value) throws(JobFailure) -> Value {
        do {
            return try body()
        } catch {
            throw JobFailure(code: .undecodablePhoto, message: "cannot process the image: \(error.message)")
        }
    }

    /// The cache entries this image's current files use, worked out from the index alone;
    /// nil when the index has never seen the image (so no entry can be its).
    package func liveEntries(_ job: ImageJob) -> (digest: String, colorKey: String, encodedKeys: [String])? {
        guard let digest = try? sourceEntry(job).digest, let upright = known.uprightSizes[digest] else { return nil }
        let plan = ImagePlan.make(job.purpose, upright: upright, settings: settings)
        return (digest, Self.colorKey(digest: digest, plan: plan), plan.specs.map { $0.key(sourceDigest: digest) })
    }

    package static func colorKey(digest: String, plan: ImagePlan) -> String {
        ContentHash.of(digest + " mean-colour \(RenditionSpec.pipelineVersion) \(plan.masterWidth)")
    }

    private static func shape(_ master: DecodedImage, to shape: RenditionSpec.Shape) throws(DecodedImage.Failure) -> DecodedImage {
        switch shape {
        case .width(let width):
            return width >= master.size.width ? master : try master.resized(toWidth: width)
        case .square(let side):
            return try master.square(side: min(side, master.size.width, master.size.height))
        }
    }

    /// The source's identity and digest: from the index when the loader named the file's
    /// identity and the index knows it, else by hashing the file a chunk at a time (it is never
    /// held whole), once for each; the file's status before and after must agree, so that the
    /// index never pairs an identity with another version's digest.
    private func sourceEntry(_ job: ImageJob) throws(JobFailure) -> ImageCacheIndex.SourceEntry {
        if let identity = job.asset.identity, let digest = known.sources[identity] { return .init(identity: identity, digest: digest) }
        let path = job.source.absolute
        let before = FileSystem.status(of: path)
        let digest: String
        do {
            digest = try ContentHash.ofFile(path)
        } catch {
            let disappeared = FileSystem.kind(of: path) == .missing
            throw JobFailure(
                code: .unreadablePhoto, message: disappeared ? "the image file disappeared during the build" : "cannot read the image: \(error.reason)")
        }
        guard let identity = FileIdentities.hashFile(path), before != nil, FileSystem.status(of: path) == before else {
            throw JobFailure(code: .unreadablePhoto, message: "the image file changed or disappeared during the build")
        }
        return .init(identity: identity, digest: digest)
    }

    /// The source's upright size and, when wanted, its camera details: from the index when it
    /// has them, else from the file's header (its pixels are not decoded).
    private func header(
        _ job: ImageJob, digest: String, learning learned: inout ImageCacheIndex
    ) throws(JobFailure) -> (upright: PixelSize, camera: CameraDetails?) {
        let wantsCamera = readsCameraDetails && job.purpose == .postPhoto
        if let size = known.uprightSizes[digest], !wantsCamera || known.cameras[digest] != nil {
            learned.uprightSizes[digest] = size
            guard wantsCamera, let values = known.cameras[digest] else { return (size, nil) }
            learned.cameras[digest] = values
            return (size, CameraEXIF.details(values))
        }
        let header: DecodedImage.Header
        var camera: CameraDetails?
        do {
            if wantsCamera {
                let probed = try DecodedImage.probe(job.source.absolute, strings: CameraEXIF.fieldNames)
                header = probed.header
                let values = CameraEXIF.values(fromVips: probed.strings)
                learned.cameras[digest] = values
                camera = CameraEXIF.details(values)
            } else {
                header = try DecodedImage.probe(job.source.absolute)
            }
        } catch {
            let kind = job.asset.mediaType.split(separator: "/").last.map { $0.uppercased() } ?? "image"
            throw JobFailure(code: .undecodablePhoto, message: "this \(kind) file cannot be decoded by the installed libvips: \(error.message)")
        }
        let size = header.uprightSize
        learned.uprightSizes[digest] = size
        return (size, camera)
    }

    static func megapixels(_ pixels: Int) -> String {
        let tenths = (pixels + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) megapixels"
    }
}
