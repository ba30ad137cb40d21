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
    public private(set) var nodes: UInt64 = 0
    var stopped = false
    let shouldStop: (UInt64) -> Bool

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
        let found = search(problem.start, pegs: problem.start.nonzeroBitCount)
        if stopped { return SolveResult(solvable: nil, jumps: [], nodes: nodes) }
        return SolveResult(solvable: found, jumps: found ? path : [], nodes: nodes)
    }

    func search(_ p: UInt64, pegs: Int) -> Bool {
        nodes &+= 1
        if nodes & 4095 == 0 && shouldStop(nodes) { stopped = true }
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
