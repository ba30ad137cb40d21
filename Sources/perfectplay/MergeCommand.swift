// `perfectplay merge PATH... [--out DIR]`: joins the results.jsonl of shard runs into one
// report per collection (results.jsonl, summary.md, index.html).

import Foundation
import SolverKit
import Games

enum MergeCommand {
    static let help = """
    perfectplay merge PATH... [--out DIR]
    perfectplay merge --tree PREFIX.tree.json PATH...   (the root result of a split; see perfectplay split --help)

    Joins the results of several runs (for example the shards of `perfectplay solve --shard K/N`
    run on several machines) into one report per collection, equal to a single-machine run:
    each position once, in file order. PATH is a results.jsonl file or a folder searched below
    for them; the collection is the name of the folder holding each results.jsonl.
    Writes DIR/<collection>/results.jsonl, summary.md and index.html (default DIR: Reports/).
    """

    static func run(_ arguments: CommandLineArguments) -> Int32 {
        if arguments.help { print(help); return 0 }
        guard !arguments.paths.isEmpty else { return PerfectPlayCommand.usageError("merge needs PATHs (see perfectplay merge --help)") }
        let files = ResultMerge.resultFiles(under: arguments.paths)
        guard !files.isEmpty else { return PerfectPlayCommand.usageError("no results.jsonl under \(arguments.paths.joined(separator: " "))") }
        var failures = 0
        var written: [String: [ResultRecord]] = [:]
        // Runs on other machines may have given one folder name to two games' files (midgame.quarto,
        // midgame.battleship in separate runs), or run two verbs on one file: such a collection is
        // split by game, then by verb, so that each merged collection is one game's one verb.
        var byCollection: [String: [ResultRecord]] = [:]
        for (collection, records) in ResultMerge.read(files) {
            let games = Set(records.map(\.game))
            for game in games {
                let ofGame = records.filter { $0.game == game }
                let verbs = Set(ofGame.map(\.verb))
                for verb in verbs {
                    var name = games.count > 1 ? collection + "-" + game : collection
                    if verbs.count > 1 { name += "-" + verb.rawValue }
                    byCollection[name, default: []] += ofGame.filter { $0.verb == verb }
                }
            }
        }
        for (collection, records) in byCollection.sorted(by: { $0.key < $1.key }) {
            let merged = ResultMerge.merged(records)
            let directory = arguments.outDirectory + "/" + collection
            // Reading and writing the same folder: keep the records in memory first (done above).
            guard let writer = try? ReportWriter(directory: directory, collection: collection, resume: false) else {
                StandardStream.error.write("perfectplay: cannot write \(directory)\n")
                return 1
            }
            if let game = merged.first.flatMap({ r in catalog.game(id: r.game) }) {
                writer.fragment = { game.reportFragment(for: $0) }
                writer.charts = { game.reportCharts(for: $0) }
                writer.files = { game.reportFiles(for: $0) }
            }
            for record in merged {
                writer.append(record)
                if record.status != .solved { failures += 1 }
            }
            writer.finish()
            written[collection] = merged
            if !arguments.quiet { print("\(collection): \(merged.count) positions from \(records.count) records -> \(directory)/") }
        }
        RunIndex.build(directory: arguments.outDirectory, command: (["perfectplay", "merge"] + arguments.paths).joined(separator: " "),
                       written: written, catalog: catalog, wallSeconds: nil).write(to: arguments.outDirectory)
        return failures == 0 ? 0 : 1
    }
}
