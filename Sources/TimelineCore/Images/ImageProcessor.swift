/// Processes one source image: finds its digest, plans its files, and encodes only those the
/// cache does not hold, from a single decoded copy that is freed before the next image.
struct ImageProcessor: Sendable {
    let cache: ImageCache
    let settings: ImageSettings
    /// The cache index as the build found it; what this image adds is returned, not stored.
    let known: ImageCacheIndex

    struct Outcome: Sendable {
        var image: ProcessedImage?
        var diagnostic: Diagnostic?
        /// Index entries this image confirmed or added.
        var learned = ImageCacheIndex()
        /// Cache file → output file, for the write stage.
        var files: [(cacheFile: String, outputFile: String)] = []
        var encodedCount = 0
        var decoded = false
    }

    func process(_ job: ImageJob) -> Outcome {
        var outcome = Outcome()
        do {
            try run(job, into: &outcome)
        } catch {
            outcome.image = nil
            outcome.files = []
            outcome.diagnostic = .error(error.code, stage: .images, at: SourceLocation(path: job.displayPath), "\(job.owner): \(error.message)")
        }
        return outcome
    }

    struct JobFailure: Error {
        let code: DiagnosticCode
        let message: String
    }

    private func run(_ job: ImageJob, into outcome: inout Outcome) throws(JobFailure) {
        let source = try sourceEntry(job)
        outcome.learned.sources[job.asset.relativePath] = source
        let digest = source.digest
        let upright = try uprightSize(job, digest: digest, learning: &outcome.learned)
        guard upright.width * upright.height <= settings.maxPixels else {
            throw JobFailure(
                code: .photoTooLarge,
                message: "the image is \(upright.width)×\(upright.height) pixels (\(Self.megapixels(upright.width * upright.height))), more than the limit of \(Self.megapixels(settings.maxPixels)) (images.maxPixels in site.json)")
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
            outcome.decoded = true
            let master = try Self.decoding { () throws(DecodedImage.Failure) in try DecodedImage.load(job.sourcePath, maxWidth: plan.masterWidth) }
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
                    outcome.encodedCount += 1
                }
            }
        }
        guard let color else { throw JobFailure(code: .undecodablePhoto, message: "cannot measure the image") }
        outcome.learned.colors[colorKey] = color

        var display: [Rendition] = []
        var squares: [Rendition] = []
        for spec in plan.specs {
            guard let (key, entry) = entries[spec] else { continue }
            outcome.learned.encoded[key] = entry
            let outputFile = job.outputFolder + job.stem + "-" + spec.nameSuffix + "." + key.prefix(10) + "." + spec.format.fileExtension
            outcome.files.append((cache.file(forKey: key, format: spec.format), outputFile))
            let rendition = Rendition(size: entry.size, mediaType: spec.format.mediaType, outputFile: outputFile, byteCount: entry.byteCount)
            switch spec.shape {
            case .width: display.append(rendition)
            case .square: squares.append(rendition)
            }
        }
        outcome.image = ProcessedImage(size: upright, placeholderColor: color, display: display, squares: squares)
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
    func liveEntries(_ job: ImageJob) -> (digest: String, colorKey: String, encodedKeys: [String])? {
        guard let digest = try? sourceEntry(job).digest, let upright = known.uprightSizes[digest] else { return nil }
        let plan = ImagePlan.make(job.purpose, upright: upright, settings: settings)
        return (digest, Self.colorKey(digest: digest, plan: plan), plan.specs.map { $0.key(sourceDigest: digest) })
    }

    static func colorKey(digest: String, plan: ImagePlan) -> String {
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

    /// The source's stamp and digest: from the index while the file is unchanged (same size,
    /// modification time and inode), else by reading it.
    private func sourceEntry(_ job: ImageJob) throws(JobFailure) -> ImageCacheIndex.SourceEntry {
        guard let stamp = FileSystem.stamp(of: job.sourcePath) else {
            throw JobFailure(code: .unreadablePhoto, message: "the image file disappeared during the build")
        }
        if let entry = known.sources[job.asset.relativePath], entry.stamp == stamp { return entry }
        do {
            return .init(stamp: stamp, digest: try ContentHash.ofFile(job.sourcePath))
        } catch {
            throw JobFailure(code: .unreadablePhoto, message: "cannot read the image: \(error.reason)")
        }
    }

    private func uprightSize(_ job: ImageJob, digest: String, learning learned: inout ImageCacheIndex) throws(JobFailure) -> PixelSize {
        if let size = known.uprightSizes[digest] {
            learned.uprightSizes[digest] = size
            return size
        }
        let header: DecodedImage.Header
        do {
            header = try DecodedImage.probe(job.sourcePath)
        } catch {
            let kind = job.asset.mediaType.split(separator: "/").last.map { $0.uppercased() } ?? "image"
            throw JobFailure(code: .undecodablePhoto, message: "this \(kind) file cannot be decoded by the installed libvips: \(error.message)")
        }
        let size = header.uprightSize
        learned.uprightSizes[digest] = size
        return size
    }

    static func megapixels(_ pixels: Int) -> String {
        let tenths = (pixels + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) megapixels"
    }
}
