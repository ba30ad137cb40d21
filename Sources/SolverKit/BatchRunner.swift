// The batch runner: paths -> files (by extension) -> positions -> results, each written the
// moment it finishes. A bad file or position is reported with `file:line:column` and the rest
// of the batch goes on.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

public struct BatchConfiguration: Sendable {
    public var verb: Verb
    public var paths: [String]
    /// Reports go to `outDirectory/<collection>/`.
    public var outDirectory: String = "Reports"
    /// One JSON object a position on stdout.
    public var jsonl = false
    public var quiet = false
    /// Skip positions `results.jsonl` already holds.
    public var resume = false
    public var threads: Int = 1
    public var treeDepth: Int = 2
    public var limits = Limits()
    public var flags: [String: String] = [:]
    /// `(k, n)`: run only the positions whose batch index is k-1 modulo n.
    public var shard: (index: Int, count: Int)?
    /// The command as typed, for the report folder's index (default: verb and paths).
    public var commandLine: String?

    public init(verb: Verb, paths: [String]) {
        self.verb = verb
        self.paths = paths
    }
}

/// The games the executable knows, looked up by file extension.
// Metatypes of caseless enums: immutable, safe to share.
public struct GameCatalog: @unchecked Sendable {
    public var games: [any GameDefinition.Type]

    public init(_ games: [any GameDefinition.Type]) { self.games = games }

    public func game(forExtension ext: String) -> (any GameDefinition.Type)? {
        games.first { $0.fileExtensions.contains(ext.lowercased()) }
    }

    public func game(id: String) -> (any GameDefinition.Type)? {
        games.first { $0.id == id } ?? games.first { $0.aliases.contains(id) }
    }

    public var extensions: [String] { games.flatMap { $0.fileExtensions } }
}

public final class BatchRunner {
    public let configuration: BatchConfiguration
    public let catalog: GameCatalog
    private let progress: ProgressLine
    private var failures = 0
    /// Collections this run has written to already (a second file appends, never truncates).
    private var openedCollections: Set<String> = []
    /// With `--resume`: the records each collection's first writer found stopped by a limit.
    private var stoppedEarlier: [String: [ResultRecord]] = [:]
    /// Every record of each collection this run wrote (earlier files' and kept ones included).
    private var written: [String: [ResultRecord]] = [:]
    /// With `--resume`: what the run says on stderr about the earlier records it did not find.
    public private(set) var resumeNotices: [String] = []
    private var processed = 0
    private var solved = 0
    private var stoppedByLimit = 0
    private var totalNodes = 0.0
    private let runStart = monotonicSeconds()

    public init(configuration: BatchConfiguration, catalog: GameCatalog) {
        self.configuration = configuration
        self.catalog = catalog
        self.progress = ProgressLine(enabled: !configuration.quiet && isatty(STDERR_FILENO) == 1)
    }

    /// Runs the batch. Exit code: 0 all positions processed, 1 some failed or hit a limit,
    /// 130 interrupted.
    public func run() -> Int32 {
        var files: [String] = []
        var skipped: [String: Int] = [:]  // per game: files in folders whose game lacks the verb
        let verb = configuration.verb
        for path in configuration.paths {
            switch discover(path) {
            case .success(let found):
                let named = found == [path]
                for file in found {
                    let ext = (file as NSString).pathExtension
                    guard let game = catalog.game(forExtension: ext) else { continue }
                    if game.support(verb, forExtension: ext) != nil {
                        files.append(file)
                    } else if named {
                        // A file named on the command line gets what the verb says or a clear refusal.
                        let verbs = game.verbList(forExtension: ext)
                        StandardStream.error.write("perfectplay: \(game.id) has no '\(verb.rawValue)' for .\(ext) files "
                            + "(\(file)); its verbs there: \(verbs.isEmpty ? "none" : verbs)\n")
                        return 2
                    } else {
                        skipped["\(game.id) (.\(ext))", default: 0] += 1
                    }
                }
            case .failure(let error):
                reportLine(error.description, toStderr: true)
                failures += 1
            }
        }
        for (game, count) in skipped.sorted(by: { $0.key < $1.key }) {
            reportLine("perfectplay: skipped \(count) file\(count == 1 ? "" : "s") of \(game): no '\(verb.rawValue)' there", toStderr: true)
        }
        // Two files with one name (midgame.quarto, midgame.battleship) get their own folders.
        var stems: [String: Int] = [:]
        for file in files { stems[Self.stem(file), default: 0] += 1 }
        var batchIndex = 0
        for file in files {
            if Interruption.isRequested { break }
            let stem = Self.stem(file), ext = (file as NSString).pathExtension
            // A folder an earlier run filled from a file of another type (midgame.quarto, then
            // midgame.battleship) is kept, not overwritten: this file gets `<stem>-<ext>`.
            let clash = stems[stem, default: 0] > 1 || (!openedCollections.contains(stem) && holdsOtherType(stem, than: ext))
            runFile(file, collection: clash ? stem + "-" + ext : stem, batchIndex: &batchIndex)
        }
        progress.clear()
        let wall = monotonicSeconds() - runStart
        let command = configuration.commandLine ?? (["perfectplay", configuration.verb.rawValue] + configuration.paths).joined(separator: " ")
        RunIndex.build(directory: configuration.outDirectory, command: command, written: written, catalog: catalog,
                       wallSeconds: wall).write(to: configuration.outDirectory)
        if Interruption.isRequested {
            reportLine("interrupted: \(processed) positions written; reports in \(configuration.outDirectory)/index.html", toStderr: true)
            return 130
        }
        if !configuration.quiet { reportLine(closingLine(wallSeconds: wall), toStderr: true) }
        return failures == 0 ? 0 : 1
    }

    /// What the run did and where to look, printed last on stderr.
    func closingLine(wallSeconds: Double) -> String {
        // Every failure that is not a limit is an error: a bad position, file or path.
        let errors = failures - stoppedByLimit
        return "perfectplay \(configuration.verb.rawValue): \(NumberFormat.grouped(processed)) position\(processed == 1 ? "" : "s"), "
            + "\(NumberFormat.grouped(solved)) solved, \(stoppedByLimit) stopped by a limit, \(errors) error\(errors == 1 ? "" : "s"), "
            + "\(NumberFormat.seconds(wallSeconds)) s; reports in \(configuration.outDirectory)/index.html"
    }

    /// Files below a path with an extension some game reads; a file named directly must have one.
    func discover(_ path: String) -> Result<[String], ParseError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(ParseError("no such file or directory", at: SourceLocation(file: path, line: 1)))
        }
        guard isDirectory.boolValue else {
            let ext = (path as NSString).pathExtension
            guard catalog.game(forExtension: ext) != nil else {
                let known = catalog.extensions.map { "." + $0 }.joined(separator: " ")
                return .failure(ParseError("unknown file type '.\(ext)' (known: \(known))",
                                           at: SourceLocation(file: path, line: 1)))
            }
            return .success([path])
        }
        var found: [String] = []
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        if let enumerator = FileManager.default.enumerator(atPath: path) {
            for case let relative as String in enumerator {
                let ext = (relative as NSString).pathExtension
                if catalog.game(forExtension: ext) != nil { found.append(base + "/" + relative) }
            }
        }
        return .success(found.sorted())
    }

    /// Whether `outDirectory/collection/results.jsonl` holds records of a file with another extension.
    func holdsOtherType(_ collection: String, than ext: String) -> Bool {
        let path = configuration.outDirectory + "/" + collection + "/results.jsonl"
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = String(decoding: handle.readData(ofLength: 65_536), as: UTF8.self)
        guard let line = head.split(separator: "\n").first, let json = try? JSONReader.parse(String(line)),
              let record = ResultRecord(json: json) else { return false }
        let source = ResultMerge.split(record.source).0
        return (source as NSString).pathExtension.lowercased() != ext.lowercased()
    }

    static func stem(_ file: String) -> String {
        ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    private func runFile(_ file: String, collection: String, batchIndex: inout Int) {
        let ext = (file as NSString).pathExtension
        guard let game = catalog.game(forExtension: ext) else { return }
        let writer: ReportWriter
        do {
            writer = try ReportWriter(directory: configuration.outDirectory + "/" + collection,
                                      collection: collection, resume: configuration.resume,
                                      continuing: openedCollections.contains(collection),
                                      stoppedEarlier: stoppedEarlier[collection] ?? [])
            openedCollections.insert(collection)
            stoppedEarlier[collection] = writer.stoppedEarlier
        } catch {
            reportLine("\(file): \(error)", toStderr: true)
            failures += 1
            return
        }
        writer.fragment = { game.reportFragment(for: $0) }
        writer.charts = { game.reportCharts(for: $0) }
        writer.files = { game.reportFiles(for: $0) }
        defer {
            writer.finish()
            written[collection] = writer.previous + writer.records
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            let record = ResultRecord(game: game.id, verb: configuration.verb, source: "\(file):1", name: "",
                                      status: .error, error: "\(file):1:1: cannot read the file",
                                      result: .null, stats: [], summary: "")
            finish(record, writer: writer)
            return
        }
        let text = game.fileText(of: Array(data), file: file)
        let items = game.load(text: text, file: file)
        if items.isEmpty {
            let record = ResultRecord(game: game.id, verb: configuration.verb, source: "\(file):1", name: "",
                                      status: .error, error: "\(file):1:1: no position in the file",
                                      result: .null, stats: [], summary: "")
            finish(record, writer: writer)
            return
        }
        // --resume matches records by their source, file:line as given on the command line: said
        // before the file's positions run (a long one would otherwise start afresh unannounced)
        if configuration.resume, !items.isEmpty {
            let sources = items.map { item -> String in
                switch item {
                case .failure(let error): return BatchRunner.source(error.location)
                case .success(let job): return BatchRunner.source(job.location)
                }
            }
            let verb = configuration.verb
            if !sources.contains(where: { writer.alreadyDone(source: $0, verb: verb) || writer.stoppedRecord(source: $0, verb: verb) != nil }) {
                let kept = writer.previous.count + writer.stoppedEarlier.count
                let notice = kept == 0
                    ? "\(file): --resume found no earlier record in \(writer.directory)/results.jsonl: its positions run afresh"
                    : "\(file): --resume found \(kept) earlier record\(kept == 1 ? "" : "s") in \(writer.directory) but none from this file "
                        + "(records are matched by file:line as given on the command line): its positions run afresh"
                resumeNotices.append(notice)
                reportLine(notice, toStderr: true)
            }
        }
        for item in items {
            if Interruption.isRequested { break }
            defer { batchIndex += 1 }
            if let shard = configuration.shard, batchIndex % shard.count != shard.index - 1 { continue }
            switch item {
            case .failure(let error):
                let source = BatchRunner.source(error.location)
                if configuration.resume, writer.alreadyDone(source: source, verb: configuration.verb) { continue }
                finish(ResultRecord(game: game.id, verb: configuration.verb, source: source, name: "",
                                    status: .error, error: error.description, result: .null, stats: [],
                                    summary: ""), writer: writer)
            case .success(let job):
                let source = BatchRunner.source(job.location)
                if configuration.resume, writer.alreadyDone(source: source, verb: configuration.verb) { continue }
                let earlier = configuration.resume ? writer.stoppedRecord(source: source, verb: configuration.verb) : nil
                finish(solve(job, game: game, source: source, earlier: earlier), writer: writer)
            }
        }
    }

    /// A record's `source`: file:line as given on the command line (what `--resume` matches).
    static func source(_ location: SourceLocation) -> String { "\(location.file):\(location.line)" }

    private func solve(_ job: PositionJob, game: any GameDefinition.Type, source: String, earlier: ResultRecord?) -> ResultRecord {
        let budget = SearchBudget(limits: configuration.limits)
        let label = "[\(processed + 1)] \(job.name.isEmpty ? source : job.name)"
        progress.update(label, elapsed: monotonicSeconds() - runStart, rate: rate)
        let progressLine = progress
        let runStart = self.runStart
        let context = SolveContext(verb: configuration.verb, threads: configuration.threads,
                                   hashMB: configuration.limits.hashMB, treeDepth: configuration.treeDepth,
                                   flags: configuration.flags, budget: budget,
                                   progress: { text in progressLine.update("\(label): \(text)",
                                                                           elapsed: monotonicSeconds() - runStart,
                                                                           rate: nil) },
                                   earlier: earlier?.result)
        var outcome = job.run(context)
        if !outcome.stats.contains(where: { $0.0 == "seconds" }) {
            outcome.stats.append(("seconds", .double((budget.elapsed * 1e6).rounded() / 1e6)))
        }
        var record = ResultRecord(game: game.id, verb: configuration.verb, job: job, outcome: outcome)
        if outcome.continuedEarlier, let earlier { record.stats += record.totals(after: earlier) }
        return record
    }

    private var rate: Double? {
        let elapsed = monotonicSeconds() - runStart
        return elapsed > 0 && totalNodes > 0 ? totalNodes / elapsed : nil
    }

    private func finish(_ record: ResultRecord, writer: ReportWriter) {
        writer.append(record)
        processed += 1
        totalNodes += record.nodes
        switch record.status {
        case .solved: solved += 1
        case .limit: stoppedByLimit += 1; failures += 1
        case .error: failures += 1
        }
        if record.status == .error, let error = record.error { reportLine(error, toStderr: true) }
        if configuration.jsonl {
            reportLine(record.json.serialized, toStderr: false)
        } else if !configuration.quiet, record.status != .error {
            let text = "\(record.source) \(record.name): \(record.status.rawValue)"
                + (record.summary.isEmpty ? "" : " - \(record.summary)")
                + " (\(NumberFormat.grouped(Int(record.nodes))) nodes, \(NumberFormat.seconds(record.seconds)) s)"
            reportLine(text, toStderr: false)
        }
        progress.update("\(processed) done", elapsed: monotonicSeconds() - runStart, rate: rate)
    }

    private func reportLine(_ text: String, toStderr: Bool) {
        progress.clear()
        if toStderr {
            StandardStream.error.write(text + "\n")
        } else {
            StandardStream.output.write(text + "\n")
        }
    }
}
