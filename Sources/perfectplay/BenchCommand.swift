// `perfectplay bench`: runs the games' suites, prints their tables, records them.

import Foundation
import SolverKit
import Games
import Synchronization

enum BenchCommand {
    static func run(_ arguments: CommandLineArguments) -> Int32 {
        guard let chosen = select(arguments.paths) else { return 2 }
        let directory = arguments.outDirectory + "/bench"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let quiet = arguments.quiet
        // Suites run their solvers without the batch's budget, so a search would not notice
        // Ctrl-C / SIGTERM; a finished suite's report is already written and a half-run suite has
        // nothing worth keeping, so a watcher exits at once (130) with what was written.
        let written = Atomic<Int>(0)
        let watcher = DispatchSource.makeTimerSource(queue: .global())
        watcher.schedule(deadline: .now(), repeating: .milliseconds(100))
        watcher.setEventHandler {
            guard Interruption.isRequested else { return }
            StandardStream.error.write("perfectplay bench: interrupted; \(written.load(ordering: .relaxed)) suite report(s) written\n")
            exit(130)
        }
        watcher.resume()
        defer { watcher.cancel() }
        let revision = MachineFacts.revision, processor = MachineFacts.processor
        for (game, suite) in chosen {
            let load = MachineFacts.loadAverage
            let context = BenchContext(threads: arguments.threads, hashMB: arguments.hashMB, timeLimit: arguments.timeLimit, log: { text in
                if !quiet { StandardStream.error.write(text + "\n") }
            })
            let start = monotonicSeconds()
            let rows = suite.run(context)
            let seconds = monotonicSeconds() - start
            var keys: [String] = []
            for row in rows { for (key, _) in row.columns where !keys.contains(key) { keys.append(key) } }
            var table = MarkdownTable(header: ["case"] + keys, rightAligned: Set(1...max(1, keys.count)))
            for row in rows {
                table.rows.append([row.name] + keys.map { key in
                    guard let value = row.columns.first(where: { $0.0 == key })?.1 else { return "" }
                    return display(value)
                })
            }
            let date = ISO8601DateFormatter().string(from: Date())
            let threads = suite.threads ?? arguments.threads
            let header = "## \(suite.name)\n\n\(suite.summary)\n\nRun \(date), commit \(revision), \(threads) thread(s), "
                + "\(sysconfCores()) cores (\(processor), load \(load) at the start), hash \(arguments.hashMB) MB, "
                + "suite wall time \(NumberFormat.seconds(seconds)) s.\n\n"
            let markdown = header + table.rendered
            print(markdown)
            let json: JSON = .object([
                ("suite", .string(suite.name)), ("game", .string(game)), ("date", .string(date)),
                ("commit", .string(revision)), ("processor", .string(processor)), ("loadAtStart", .string(load)),
                ("threads", .int(threads)), ("cores", .int(sysconfCores())),
                ("hashMB", .int(arguments.hashMB)), ("seconds", .double(seconds)),
                ("rows", .array(rows.map { .object([("case", .string($0.name))] + $0.columns) })),
            ])
            try? markdown.write(toFile: "\(directory)/\(suite.name).md", atomically: true, encoding: .utf8)
            try? (json.serialized + "\n").write(toFile: "\(directory)/\(suite.name).json", atomically: true, encoding: .utf8)
            written.add(1, ordering: .relaxed)
        }
        return 0
    }

    /// The suites `names` call for (every suite when none): a suite's exact name runs that suite
    /// alone (tsume-zukou, not tsume-zukou-mate too); a game or a prefix runs every suite under it.
    /// nil, with a message, when a name matches nothing.
    static func select(_ names: [String]) -> [(String, BenchSuite)]? {
        let all = catalog.games.flatMap { game in game.benchSuites.map { (game.id, $0) } }
        if names.isEmpty { return all }
        var chosen: [(String, BenchSuite)] = []
        for name in names {
            let exact = all.filter { $0.1.name == name }
            let matches = !exact.isEmpty ? exact : all.filter { $0.0 == name || $0.1.name.hasPrefix(name + "-") }
            guard !matches.isEmpty else {
                StandardStream.error.write("perfectplay bench: no suite '\(name)'; suites: \(all.map(\.1.name).joined(separator: ", "))\n")
                return nil
            }
            chosen += matches
        }
        return chosen
    }

    static func display(_ value: JSON) -> String {
        switch value {
        case .int(let i): return NumberFormat.grouped(i)
        case .integer(let s): return NumberFormat.grouped(s)
        case .double(let d): return abs(d) >= 1000 ? NumberFormat.grouped(Int(d.rounded())) : fixedPoint(d, digits: d < 10 ? 3 : 1)
        case .string(let s): return s
        case .bool(let b): return b ? "yes" : "no"
        case .null: return "-"
        default: return value.serialized
        }
    }
}
