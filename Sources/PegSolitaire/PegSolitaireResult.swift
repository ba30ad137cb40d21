// The `result` object of a peg solitaire record, typed: written by solve / analyze / count and
// `merge --tree`, read back by reports, headlines and the split join. Counts are exact (past
// 2^64 for games). Field names are spelled once, in `Field`.
import SolverKit

struct PegSolitaireResult {
    enum Field: String {
        case position, solvable, target, pegs, moves, jumps, moveCount, pegsLeft, finish, verified, proof, fewestMoves
        case bound, symmetries, positions, canonicalPositions, canSolve, canSolveCanonical, lastPegStates, solutions, games
        case solutionsUpToSymmetry, solutionsOverflowed, perLevel, firstMoves, finishTable, units
        /// `solve --fewest-moves` by the level sweep: [{finish, moves}] for every one-peg finish reached.
        case fewestMovesByFinish
    }

    /// The problem's `.peg` block.
    var position: String?
    /// `target:` as written (`d4`, `any`, `2 pegs`).
    var target: String
    /// `solve`: true with a replayed solution, false with its `proof`, nil (written as null) when
    /// a limit stopped it; `isSolve` says the record answers that question at all.
    var solvable: Bool?
    var isSolve = false
    var pegs: Int?
    /// The solution, one move (a chain of jumps by one peg) a string: `d2-d4-f4`.
    var moves: [String]?
    var jumps: Int?
    var moveCount: Int?
    var pegsLeft: Int?
    /// The holes of the pegs left at the end.
    var finish: [String]?
    /// The solution was replayed from the start to the target.
    var verified: Bool?
    /// Why none exists: position class, pagoda function, or exhaustive search.
    var proof: String?
    /// `solve --fewest-moves`: the fewest moves of any solution.
    var fewestMoves: Int?
    /// Stopped by a limit: the best bound proven so far.
    var bound: Bound?
    /// `count`: the state space, per jump level too.
    var symmetries: Int?
    var positions: UInt64?
    var canonicalPositions: UInt64?
    var canSolve: UInt64?
    var canSolveCanonical: UInt64?
    /// `count --last-peg`: (position, hole of the peg that moved last) pairs reachable.
    var lastPegStates: UInt64?
    /// `count`, `analyze`, `merge --tree`: winning jump sequences, and games to a dead end.
    var solutions: UInt128?
    var games: UInt128?
    var solutionsUpToSymmetry: UInt128?
    var solutionsOverflowed = false
    var perLevel: [Level] = []
    /// `analyze`: the solutions and games through each first move.
    var firstMoves: [FirstMove] = []
    /// `analyze` on a `target: any` board: each single-vacancy start's one-peg finishes.
    var finishTable: [FinishRow] = []
    /// `merge --tree`: the work units joined.
    var units: Int?

    struct Bound {
        var fewestPegsReached: Int?
        var lineSoFar: [String]?
        var fewestMovesAtLeast: Int?
    }

    struct Level {
        var jumps: Int, pegs: Int
        var positions: UInt64, canonicalPositions: UInt64, deadEnds: UInt64
        /// Absent from a positions-only count (ReachableLevels), which has no backward sweep.
        var canSolve: UInt64?, canSolveCanonical: UInt64?
        /// With `count --last-peg` only.
        var lastPegStates: UInt64? = nil
    }

    struct FirstMove {
        var move: String
        var solutions: UInt128, games: UInt128
    }

    struct FinishRow {
        var start: String
        var finishes: [String]
        var undecided: [String]
    }

    init(position: String?, target: String) {
        self.position = position
        self.target = target
    }

    var json: JSON {
        var f = JSONFields<Field>()
        f.set(.position, position.map(JSON.string))
        if isSolve { f.set(.solvable, solvable.map(JSON.bool) ?? .null) }
        f.set(.target, .string(target))
        f.set(.pegs, pegs.map(JSON.int))
        f.set(.moves, moves.map { JSON($0) })
        f.set(.jumps, jumps.map(JSON.int))
        f.set(.moveCount, moveCount.map(JSON.int))
        f.set(.pegsLeft, pegsLeft.map(JSON.int))
        f.set(.finish, finish.map { JSON($0) })
        f.set(.verified, verified.map(JSON.bool))
        f.set(.proof, proof.map(JSON.string))
        f.set(.fewestMoves, fewestMoves.map(JSON.int))
        f.set(.bound, bound.map { b in
            var fields: [(String, JSON)] = []
            if let n = b.fewestPegsReached { fields.append(("fewestPegsReached", .int(n))) }
            if let line = b.lineSoFar { fields.append(("lineSoFar", JSON(line))) }
            if let n = b.fewestMovesAtLeast { fields.append(("fewestMovesAtLeast", .int(n))) }
            return .object(fields)
        })
        f.set(.symmetries, symmetries.map(JSON.int))
        f.set(.positions, positions.map { JSON($0) })
        f.set(.canonicalPositions, canonicalPositions.map { JSON($0) })
        f.set(.canSolve, canSolve.map { JSON($0) })
        f.set(.canSolveCanonical, canSolveCanonical.map { JSON($0) })
        f.set(.lastPegStates, lastPegStates.map { JSON($0) })
        f.set(.solutions, solutions.map { JSON($0) })
        f.set(.games, games.map { JSON($0) })
        f.set(.solutionsUpToSymmetry, solutionsUpToSymmetry.map { JSON($0) })
        if solutionsOverflowed { f.set(.solutionsOverflowed, .bool(true)) }
        if positions != nil {
            f.set(.perLevel, .array(perLevel.map { l in
                var fields: [(String, JSON)] = [("jumps", .int(l.jumps)), ("pegs", .int(l.pegs)), ("positions", JSON(l.positions)),
                                                ("canonicalPositions", JSON(l.canonicalPositions))]
                if let c = l.canSolve { fields.append(("canSolve", JSON(c))) }
                if let c = l.canSolveCanonical { fields.append(("canSolveCanonical", JSON(c))) }
                if let c = l.lastPegStates { fields.append(("lastPegStates", JSON(c))) }
                fields.append(("deadEnds", JSON(l.deadEnds)))
                return .object(fields)
            }))
        }
        if !firstMoves.isEmpty {
            f.set(.firstMoves, .array(firstMoves.map { .object([("move", .string($0.move)), ("solutions", JSON($0.solutions)), ("games", JSON($0.games))]) }))
        }
        if !finishTable.isEmpty {
            f.set(.finishTable, .array(finishTable.map { row in
                .object([("start", .string(row.start)), ("finishes", JSON(row.finishes))]
                        + (row.undecided.isEmpty ? [] : [("undecided", JSON(row.undecided))]))
            }))
        }
        f.set(.units, units.map(JSON.int))
        return f.json
    }

    /// Reads a record's result back; nil when it is not a peg result.
    init?(json: JSON) {
        guard let target = json[Field.target]?.stringValue else { return nil }
        self.target = target
        position = json[Field.position]?.stringValue
        solvable = json[Field.solvable]?.boolValue
        isSolve = json[Field.solvable] != nil
        pegs = json[Field.pegs]?.intValue
        moves = json[Field.moves]?.arrayValue?.compactMap(\.stringValue)
        jumps = json[Field.jumps]?.intValue
        moveCount = json[Field.moveCount]?.intValue
        pegsLeft = json[Field.pegsLeft]?.intValue
        finish = json[Field.finish]?.arrayValue?.compactMap(\.stringValue)
        verified = json[Field.verified]?.boolValue
        proof = json[Field.proof]?.stringValue
        fewestMoves = json[Field.fewestMoves]?.intValue
        if let b = json[Field.bound] {
            bound = Bound(fewestPegsReached: b["fewestPegsReached"]?.intValue,
                          lineSoFar: b["lineSoFar"]?.arrayValue?.compactMap(\.stringValue),
                          fewestMovesAtLeast: b["fewestMovesAtLeast"]?.intValue)
        }
        symmetries = json[Field.symmetries]?.intValue
        positions = Self.count(json[Field.positions])
        canonicalPositions = Self.count(json[Field.canonicalPositions])
        canSolve = Self.count(json[Field.canSolve])
        canSolveCanonical = Self.count(json[Field.canSolveCanonical])
        lastPegStates = Self.count(json[Field.lastPegStates])
        solutions = Self.count(json[Field.solutions])
        games = Self.count(json[Field.games])
        solutionsUpToSymmetry = Self.count(json[Field.solutionsUpToSymmetry])
        solutionsOverflowed = json[Field.solutionsOverflowed]?.boolValue ?? false
        perLevel = json[Field.perLevel]?.arrayValue?.compactMap { l in
            guard let jumps = l["jumps"]?.intValue, let pegs = l["pegs"]?.intValue else { return nil }
            return Level(jumps: jumps, pegs: pegs, positions: Self.count(l["positions"]) ?? 0,
                         canonicalPositions: Self.count(l["canonicalPositions"]) ?? 0, deadEnds: Self.count(l["deadEnds"]) ?? 0,
                         canSolve: Self.count(l["canSolve"]), canSolveCanonical: Self.count(l["canSolveCanonical"]),
                         lastPegStates: Self.count(l["lastPegStates"]))
        } ?? []
        firstMoves = json[Field.firstMoves]?.arrayValue?.compactMap { m in
            guard let move = m["move"]?.stringValue else { return nil }
            return FirstMove(move: move, solutions: Self.count(m["solutions"]) ?? 0, games: Self.count(m["games"]) ?? 0)
        } ?? []
        finishTable = json[Field.finishTable]?.arrayValue?.compactMap { row in
            guard let start = row["start"]?.stringValue else { return nil }
            return FinishRow(start: start, finishes: row["finishes"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                             undecided: row["undecided"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        } ?? []
        units = json[Field.units]?.intValue
    }

    /// An exact count written as a JSON integer of any size.
    private static func count<T: FixedWidthInteger>(_ json: JSON?) -> T? {
        json?.integerText.flatMap { T($0) }
    }
}
