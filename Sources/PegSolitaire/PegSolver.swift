// `solve`: depth-first search for a solution with a transposition set of canonical dead
// positions (positions proven unable to finish), pagoda cut-offs and the position-class
// test, which disproves an impossible target before any search.

public struct SolveResult: Sendable {
    /// true: `jumps` solves it; false: proven impossible; nil: stopped by a limit.
    public var solvable: Bool?
    public var jumps: [Int]
    public var nodes: UInt64
    /// Why it is impossible, when it was decided without search.
    public var proof: String?
}

public final class PegSolver {
    let problem: PegProblem
    let board: Board
    let tables: SymmetryTables
    let pagodas: [Pagoda]
    let pagodaFloors: [Int]
    let targetPegs: Int
    var dead = PositionSet()
    var path: [Int] = []
    public internal(set) var nodes: UInt64 = 0
    var stopped = false
    let shouldStop: (UInt64) -> Bool
    /// What the search asks every 4096 nodes (the caller's limit, or a turn's allowance).
    lazy var stopCheck: (UInt64) -> Bool = shouldStop

    /// `shouldStop(nodes)` is asked every 4096 nodes.
    public init(problem: PegProblem, shouldStop: @escaping (UInt64) -> Bool = { _ in false }) {
        self.problem = problem
        board = problem.board
        tables = SymmetryTables(permutations: board.symmetries(for: problem.target), holes: board.holeCount)
        if case .hole(let t) = problem.target {
            pagodas = Pagoda.candidates(board: board, target: t)
            pagodaFloors = pagodas.map { $0.weights[t] }
        } else {
            pagodas = []; pagodaFloors = []
        }
        targetPegs = problem.target.pegsLeft
        self.shouldStop = shouldStop
    }

    deinit { dead.free() }

    /// Whether the position class allows the finish at all (nil reason when it does).
    public static func classObstruction(_ problem: PegProblem) -> String? {
        let board = problem.board
        let classes = PositionClass(board: board)
        switch problem.target {
        case .hole(let t):
            if classes.of(problem.start) != classes.of(UInt64(1) << UInt64(t)) {
                return "position class: the start and a single peg on \(board.names[t]) are in different classes"
            }
        case .anyHole:
            if classes.possibleFinishes(from: problem.start, holes: board.holeCount).isEmpty {
                return "position class: no single peg is in the class of the start"
            }
        case .pegs: break
        }
        return nil
    }

    public func solve() -> SolveResult {
        if let reason = PegSolver.classObstruction(problem) {
            return SolveResult(solvable: false, jumps: [], nodes: 0, proof: reason)
        }
        if problem.target == .anyHole { return solveAnyHole() }
        let found = search(problem.start, pegs: problem.start.nonzeroBitCount)
        if stopped { return SolveResult(solvable: nil, jumps: [], nodes: nodes) }
        return SolveResult(solvable: found, jumps: found ? path : [], nodes: nodes)
    }

    /// One peg anywhere: one search per hole the position class allows, each with its own
    /// pagodas and dead set, run in turns with doubling node allowances (a search stopped
    /// by its allowance keeps the dead positions it proved, so the next turn goes further).
    func solveAnyHole() -> SolveResult {
        let finishes = PositionClass(board: board).possibleFinishes(from: problem.start, holes: board.holeCount)
        var open = finishes.map { f -> PegSolver in
            var sub = problem
            sub.target = .hole(f)
            return PegSolver(problem: sub)
        }
        var allowance: UInt64 = 1 << 16
        while !open.isEmpty {
            var k = 0
            while k < open.count {
                let sub = open[k]
                let base = nodes
                var stoppedOutside = false
                sub.stopCheck = { [shouldStop] n in
                    if shouldStop(base &+ n) { stoppedOutside = true; return true }
                    return n >= allowance
                }
                sub.nodes = 0
                sub.stopped = false
                sub.path = []
                let found = sub.search(problem.start, pegs: problem.start.nonzeroBitCount)
                nodes &+= sub.nodes
                if found { return SolveResult(solvable: true, jumps: sub.path, nodes: nodes) }
                if stoppedOutside { stopped = true; return SolveResult(solvable: nil, jumps: [], nodes: nodes) }
                if sub.stopped { k += 1 } else { open.remove(at: k) }   // proven impossible
            }
            allowance &*= 2
        }
        return SolveResult(solvable: false, jumps: [], nodes: nodes)
    }

    func search(_ p: UInt64, pegs: Int) -> Bool {
        nodes &+= 1
        if nodes & 4095 == 0 && stopCheck(nodes) { stopped = true }
        if stopped { return false }
        if problem.isFinish(p) { return true }
        if pegs <= targetPegs { return false }
        for k in pagodas.indices where pagodas[k].value(p) < pagodaFloors[k] { return false }
        let key = tables.canonical(p)
        if dead.contains(key) { return false }
        for j in board.jumps.indices {
            let jump = board.jumps[j]
            guard p & jump.flip == jump.need else { continue }
            path.append(j)
            if search(p ^ jump.flip, pegs: pegs - 1) { return true }
            path.removeLast()
            if stopped { return false }
        }
        dead.insert(key)
        return false
    }
}
