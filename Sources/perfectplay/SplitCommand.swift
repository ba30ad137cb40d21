// `perfectplay split FILE --depth D [--out PREFIX]`: cuts one position's solve into independent
// work units (a position file) and the tree that joins them (`merge --tree`).

import Foundation
import SolverKit
import Games

enum SplitCommand {
    static let help = """
    perfectplay split FILE --depth D [--verb solve|analyze] [--out PREFIX]

    Cuts the solve of the first position in FILE into independent work units: the canonical
    positions D moves below it (symmetric positions once), written as an ordinary position file
    PREFIX.<ext> (units named u1, u2, ...), and PREFIX.tree.json, the tree joining their values.
    Solve the units anywhere, in any number of runs (`perfectplay solve PREFIX.<ext> --shard K/N`,
    a Slurm job array, GNU parallel over ssh), then join them:
      perfectplay merge --tree PREFIX.tree.json RESULTS...
    which prints the root's result, equal to solving it in one run. Games: quarto (values),
    peg (solution and game counts; use `count` on the units), reversi (`solve` the units; with
    --verb analyze the joined record has every root move's exact score, as `analyze` writes).
    Default PREFIX: Reports/split/<file stem>.
    """

    static func run(_ arguments: CommandLineArguments) -> Int32 {
        if arguments.help { print(help); return 0 }
        guard arguments.paths.count == 1, let path = arguments.paths.first else {
            return PerfectPlayCommand.usageError("split needs exactly one FILE (see perfectplay split --help)")
        }
        let ext = (path as NSString).pathExtension.lowercased()
        guard let game = catalog.game(forExtension: ext) else {
            return PerfectPlayCommand.usageError("\(path): unknown file extension '.\(ext)'")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return PerfectPlayCommand.usageError("\(path): cannot read the file")
        }
        let text = game.fileText(of: Array(data), file: path)
        guard let outcome = game.split(text: text, file: path, depth: arguments.depth, verb: arguments.splitVerb) else {
            return PerfectPlayCommand.usageError("\(game.id) positions cannot be split for \(arguments.splitVerb.rawValue) (games that can: quarto, peg, reversi)")
        }
        let split: WorkSplit
        switch outcome {
        case .failure(let error):
            StandardStream.error.write("\(error)\n")
            return 1
        case .success(let s): split = s
        }
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let prefix = arguments.outDirectory == "Reports" ? "Reports/split/\(stem)" : arguments.outDirectory
        let tree = WorkTreeFile(game: game.id, root: "\(path):\(split.rootLine)", depth: arguments.depth, split: split)
        do {
            let folder = PathNames.directory(of: prefix)
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try Data(split.units.utf8).write(to: URL(fileURLWithPath: prefix + "." + ext), options: .atomic)
            try Data((tree.json.serialized + "\n").utf8).write(to: URL(fileURLWithPath: prefix + ".tree.json"), options: .atomic)
        } catch {
            StandardStream.error.write("perfectplay: cannot write \(prefix): \(error.localizedDescription)\n")
            return 1
        }
        if !arguments.quiet {
            print("\(path): \(split.summary)")
            print("units: \(prefix).\(ext)   tree: \(prefix).tree.json")
            print("next: perfectplay \(split.verb.rawValue) \(prefix).\(ext) [--shard K/N]; then perfectplay merge --tree \(prefix).tree.json Reports/")
        }
        return 0
    }
}

/// `perfectplay merge --tree TREE PATH...`: the root's result from the units' results.
enum TreeMergeCommand {
    static func run(_ arguments: CommandLineArguments) -> Int32 {
        guard let treePath = arguments.treeFile else { return 2 }
        guard let data = FileManager.default.contents(atPath: treePath) else {
            return PerfectPlayCommand.usageError("\(treePath): cannot read the tree file")
        }
        let tree: WorkTreeFile
        do {
            tree = try WorkTreeFile(json: try JSONReader.parse(String(decoding: data, as: UTF8.self)))
        } catch {
            StandardStream.error.write("\(treePath): \(error)\n")
            return 1
        }
        guard let game = catalog.game(id: tree.game) else {
            return PerfectPlayCommand.usageError("\(treePath): unknown game '\(tree.game)'")
        }
        let files = ResultMerge.resultFiles(under: arguments.paths.isEmpty ? ["Reports"] : arguments.paths)
        let records = ResultMerge.read(files).values.flatMap { $0 }
        let outcome: Outcome
        do {
            outcome = try game.joinTree(tree.split.tree, units: try tree.unitRecords(records))
        } catch {
            StandardStream.error.write("\(treePath): \(error)\n")
            return 1
        }
        let record = ResultRecord(game: game.id, verb: tree.joinedVerb, source: tree.root,
                                  name: "merged from \(tree.split.unitCount) units", status: .solved,
                                  result: outcome.result, stats: outcome.stats, summary: outcome.summary)
        if arguments.jsonl {
            print(record.json.serialized)
        } else {
            print("\(tree.root): \(outcome.summary)")
            print(outcome.result.serialized)
        }
        return 0
    }
}
