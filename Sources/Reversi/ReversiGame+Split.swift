// Work units for runs past one machine: the game tree `depth` moves below a position, its
// leaves merged by symmetry into units (each an ordinary `.obf` line, solved with `solve`),
// and the negamax that joins the units' exact scores back into the root's record: score, best
// moves, a principal variation and, for `analyze`, the exact score of every root move (each
// root move's value is the negamax of its own subtree, so every split depth gives them all).

import Foundation
import SolverKit

extension ReversiGame {
    public static func split(text: String, file: String, depth: Int, verb: Verb) -> Result<WorkSplit, ParseError>? {
        guard verb == .solve || verb == .analyze else { return nil }
        guard let first = ObfRecord.parseFile(text, file: file).first else {
            return .failure(ParseError("no position in the file", at: SourceLocation(file: file, line: 1)))
        }
        switch first {
        case .failure(let error): return .failure(error)
        case .success(let record):
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = String(lines[record.location.line - 1]).trimmingCharacters(in: .whitespacesAndNewlines)
            var work = split(record, line: line, depth: depth, verb: verb)
            work.rootLine = record.location.line
            return .success(work)
        }
    }

    /// Expands `depth` moves below the root (a pass costs no depth). A tree node is
    /// `{"moves": [[MOVE, CHILD], ...]}` (MOVE a square name or "pass"); CHILD is
    /// `{"end": SCORE}` for a finished game (its mover's view), `{"unit": "uK", "symmetry": S}`
    /// at the depth (the unit is the child seen through board symmetry S, so its principal
    /// variation maps back), or a node. The head keeps the root's `.obf` line as written (board,
    /// side, annotations: the joined record's `position`) and the verb of the joined record.
    static func split(_ root: ObfRecord, line: String, depth: Int, verb: Verb) -> WorkSplit {
        let size = root.position.geometry.size
        var unitIndex: [Position: Int] = [:]
        var units = ""
        func unit(_ position: Position) -> JSON {
            var best = (position.player, position.opponent), symmetry = 0
            for k in 1..<8 {
                let t = (Position.transformed(position.player, k, size: size), Position.transformed(position.opponent, k, size: size))
                if t.0 < best.0 || (t.0 == best.0 && t.1 < best.1) { best = t; symmetry = k }
            }
            var canonical = position
            (canonical.player, canonical.opponent) = best
            let k: Int
            if let known = unitIndex[canonical] { k = known } else {
                k = unitIndex.count + 1
                unitIndex[canonical] = k
                units += "\(canonical.obfText) % name: \(WorkSplit.unitName(k))\n"
            }
            return .object([("unit", .string(WorkSplit.unitName(k))), ("symmetry", .int(symmetry))])
        }
        func node(_ position: Position, _ depth: Int) -> JSON {
            if position.isGameOver { return .object([("end", .int(position.finalScore))]) }
            if depth == 0 { return unit(position) }
            var moves = position.legalMoves
            if moves == 0 { return .object([("moves", .array([.array(["pass", node(position.passing(), depth)])]))]) }
            var entries: [JSON] = []
            while moves != 0 {
                let square = moves.trailingZeroBitCount
                moves &= moves - 1
                entries.append(.array([.string(moveName(square)), node(position.playing(square), depth - 1)]))
            }
            return .object([("moves", .array(entries))])
        }
        // `analyze` wants every root move's value: at least one move deep. Depth 0 (solve), or
        // a finished game: the root itself is the one unit.
        let depth = verb == .analyze ? max(1, depth) : depth
        let tree = depth == 0 || root.position.isGameOver ? unit(root.position) : node(root.position, depth)
        return WorkSplit(units: "% Work units of perfectplay split (depth \(depth)); solve each, then merge --tree.\n" + units,
                         unitCount: unitIndex.count, verb: .solve,
                         tree: .object([("obf", .string(line)), ("verb", .string(verb.rawValue)), ("root", tree)]),
                         summary: "\(unitIndex.count) canonical units \(depth) move\(depth == 1 ? "" : "s") below the root",
                         joinedVerb: verb)
    }

    /// The symmetry undoing `transformed(_, k)`: the two quarter turns swap, the rest are their own inverse.
    static func inverseSymmetry(_ k: Int) -> Int { k == 6 ? 7 : k == 7 ? 6 : k }

    public static func joinTree(_ tree: JSON, units: [String: ResultRecord]) throws(WorkTreeError) -> Outcome {
        guard let line = tree["obf"]?.stringValue, let verb = tree["verb"]?.stringValue.flatMap(Verb.init(rawValue:)),
              let root = tree["root"], let record = try? ObfRecord.parseLine(Array(line), at: SourceLocation(file: "tree", line: 1))
        else { throw WorkTreeError("not a Reversi work tree") }
        let geometry = record.position.geometry
        var nodes = 0.0, seconds = 0.0
        for record in units.values { nodes += record.nodes; seconds += record.seconds }

        /// A unit's moves (names) in the orientation of the tree node it stands for.
        func squares(_ names: JSON?, symmetry: Int) -> [Int] {
            let back = inverseSymmetry(symmetry)
            return (names?.arrayValue ?? []).compactMap { move -> Int? in
                guard let text = move.stringValue else { return nil }
                if text == "pass" { return -1 }
                return geometry.square(named: Substring(text)).map {
                    Position.transformed(UInt64(1) << UInt64($0), back, size: geometry.size).trailingZeroBitCount
                }
            }
        }
        /// The exact score of a tree node (its mover's view) and, when asked, a principal
        /// variation from it (square indices, -1 = pass), in the node's own orientation.
        func value(_ node: JSON, pv: Bool) throws(WorkTreeError) -> (score: Int, pv: [Int]) {
            if let end = node["end"]?.intValue { return (end, []) }
            if let name = node["unit"]?.stringValue {
                guard let result = units[name]?.result, let score = result[ReversiResult.Field.score]?.intValue,
                      let symmetry = node["symmetry"]?.intValue, (0..<8).contains(symmetry) else {
                    throw WorkTreeError("unit \(name): no score in its record")
                }
                guard pv else { return (score, []) }
                return (score, squares(result[ReversiResult.Field.pv], symmetry: symmetry))
            }
            let children = try moveValues(node)
            let best = children.map(\.score).max()!
            guard pv, let first = children.first(where: { $0.score == best }) else { return (best, []) }
            return (best, [first.square] + (try value(first.child, pv: true)).pv)
        }
        /// Every move of a tree node with its exact score (the node's mover's view).
        func moveValues(_ node: JSON) throws(WorkTreeError) -> [(square: Int, score: Int, child: JSON)] {
            guard let entries = node["moves"]?.arrayValue, !entries.isEmpty else { throw WorkTreeError("a tree node without moves") }
            var list: [(square: Int, score: Int, child: JSON)] = []
            for entry in entries {
                guard let move = entry[0]?.stringValue, let child = entry[1],
                      let square = move == "pass" ? -1 : geometry.square(named: Substring(move)) else {
                    throw WorkTreeError("a malformed move entry")
                }
                list.append((square, -(try value(child, pv: false)).score, child))
            }
            return list
        }

        var solved = EndgameResult(score: 0, bestMoves: [], pv: [], moveScores: [], nodes: UInt64(nodes), stopped: false)
        if root["moves"] != nil {
            let moves = try moveValues(root)
            solved.score = moves.map(\.score).max()!
            solved.bestMoves = moves.filter { $0.score == solved.score }.map(\.square).sorted()
            let first = moves.first { $0.square == solved.bestMoves[0] }!
            solved.pv = [first.square] + (try value(first.child, pv: true)).pv
            if verb == .analyze { solved.moveScores = moves.map { ($0.square, $0.score) }.sorted { $0.score > $1.score } }
        } else {
            // the root is the only unit (depth 0, or the game is over): its record has it all
            let whole = try value(root, pv: true)
            solved.score = whole.score
            solved.pv = whole.pv
            if let name = root["unit"]?.stringValue, let symmetry = root["symmetry"]?.intValue {
                solved.bestMoves = squares(units[name]?.result["bestMoves"], symmetry: symmetry).sorted()
            }
        }
        var outcome = solvedOutcome(record, line, solved, everyMove: verb == .analyze, stats: [
            ("nodes", JSON(UInt64(nodes))), ("seconds", .double(seconds)), ("units", .int(units.count)),
        ])
        outcome.summary += " (joined from \(units.count) units)"
        return outcome
    }
}
