// `solve`: depth-first search for a solution with a transposition set of canonical dead
// positions (positions proven unable to finish), pagoda cut-offs and the position-class
// test, which disproves an impossible target before any search.

struct SolveResult: Sendable {
    /// true: `jumps` solves it; false: proven impossible; nil: stopped by a limit.
    var solvable: Bool?
    var jumps: [Int]
    var nodes: UInt64
    /// Why it is impossible, when it was decided without search.
    var proof: String?
    /// When stopped: the fewest pegs any searched line left, and that line (the best so far).
    var fewestPegsReached: Int? = nil
    var bestLineSoFar: [Int] = []
}

final class PegSolver {
    let problem: PegProblem
    let board: Board
    let tables: SymmetryTables
    let pagodas: [Pagoda]
    let pagodaFloors: [Int]
    let targetPegs: Int
    let orders: [[Int]]
    var jumpOrder: [Int]
    var dead = PositionSet()
    let hashMB: Int
    var path: [Int] = []
    /// The fewest pegs a searched line has left, and that line: what a limit reports.
    var fewestPegs = Int.max
    var fewestPath: [Int] = []
    var nodes: UInt64 = 0
    var stopped = false
    let shouldStop: (UInt64) -> Bool
    /// What the search asks every 4096 nodes (the caller's limit, or a turn's allowance).
    lazy var stopCheck: (UInt64) -> Bool = shouldStop

    /// `shouldStop(nodes)` is asked every 4096 nodes.
    /// `hashMB` bounds the table of dead positions (`--hash-mb`); a full table starts over.
    init(problem: PegProblem, hashMB: Int = 256, shouldStop: @escaping (UInt64) -> Bool = { _ in false }) {
        self.problem = problem
        self.hashMB = hashMB
        dead.byteLimit = max(1, hashMB) << 20
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
        orders = PegSolver.orderings(problem)
        jumpOrder = orders[0]
    }

    deinit { dead.free() }

    /// Whether the position class allows the finish at all (nil reason when it does).
    static func classObstruction(_ problem: PegProblem) -> String? {
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

    func solve() -> SolveResult {
        if let reason = PegSolver.classObstruction(problem) {
            return SolveResult(solvable: false, jumps: [], nodes: 0, proof: reason)
        }
        let finishes: [PegSolver]
        if problem.target == .anyHole {
            // One peg anywhere: one search per hole the position class allows, each with its
            // own pagodas and dead set.
            let holes = PositionClass(board: board).possibleFinishes(from: problem.start, holes: board.holeCount)
            finishes = holes.map { f in
                var sub = problem
                sub.target = .hole(f)
                return PegSolver(problem: sub, hashMB: max(1, hashMB / max(1, holes.count)))
            }
        } else {
            finishes = [self]
        }
        // Turns with doubling node allowances, rotating the jump orderings. A turn stopped
        // by its allowance keeps the dead positions it proved (they do not depend on the
        // order), so each turn goes further; a turn that ends unstopped has searched
        // everything.
        var open = finishes
        var allowance: UInt64 = 1 << 14
        var used: UInt64 = 0
        while !open.isEmpty {
            var k = 0
            while k < open.count {
                let sub = open[k]
                switch sub.turn(allowance: allowance, used: used, shouldStop: shouldStop) {
                case .found:
                    nodes = used &+ sub.lastTurnNodes
                    return SolveResult(solvable: true, jumps: sub.path, nodes: nodes)
                case .stopped:
                    nodes = used &+ sub.lastTurnNodes
                    var stopped = SolveResult(solvable: nil, jumps: [], nodes: nodes)
                    if let best = finishes.min(by: { $0.fewestPegs < $1.fewestPegs }), best.fewestPegs < Int.max {
                        stopped.fewestPegsReached = best.fewestPegs
                        stopped.bestLineSoFar = best.fewestPath
                    }
                    return stopped
                case .exhausted:
                    open.remove(at: k)
                case .paused:
                    k += 1
                }
                used &+= sub.lastTurnNodes
            }
            allowance &*= 2
        }
        nodes = used
        return SolveResult(solvable: false, jumps: [], nodes: nodes)
    }

    enum TurnResult { case found, exhausted, paused, stopped }
    var lastTurnNodes: UInt64 = 0
    var turns = 0

    /// One search from the start with the next jump ordering, up to `allowance` nodes.
    func turn(allowance: UInt64, used: UInt64, shouldStop: @escaping (UInt64) -> Bool) -> TurnResult {
        jumpOrder = orders[turns % orders.count]
        turns += 1
        var outside = false
        stopCheck = { n in
            if shouldStop(used &+ n) { outside = true; return true }
            return n >= allowance
        }
        nodes = 0
        stopped = false
        path = []
        let found = search(problem.start, pegs: problem.start.nonzeroBitCount)
        lastTurnNodes = nodes
        if found { return .found }
        if outside { return .stopped }
        return stopped ? .paused : .exhausted
    }

    /// Jump orderings the turns rotate through: reading order; pegs farthest from the
    /// target (or the centre) first; jumps bringing a peg closest inward first. Different
    /// boards suit different orders (Wiegleb's board the second, the French the third).
    static func orderings(_ problem: PegProblem) -> [[Int]] {
        let board = problem.board
        let (cr, cc): (Double, Double)
        if case .hole(let t) = problem.target {
            (cr, cc) = (Double(board.rows[t]), Double(board.cols[t]))
        } else {
            let n = Double(board.holeCount)
            (cr, cc) = (Double(board.rows.reduce(0, +)) / n, Double(board.cols.reduce(0, +)) / n)
        }
        let xScale = board.lattice == .triangular ? 0.5 : 1.0
        func d(_ i: Int) -> Double {
            let dr = Double(board.rows[i]) - cr, dc = (Double(board.cols[i]) - cc) * xScale
            return dr * dr + dc * dc
        }
        func sorted(_ key: (Jump) -> Double) -> [Int] {
            board.jumps.indices.sorted { a, b in
                let ka = key(board.jumps[a]), kb = key(board.jumps[b])
                return ka != kb ? ka < kb : a < b
            }
        }
        return [Array(board.jumps.indices), sorted { -d($0.from) }, sorted { d($0.to) - d($0.from) }]
    }

    func search(_ p: UInt64, pegs: Int) -> Bool {
        assert(board.holds(p, pegs: pegs) && tables.canonicalIsAnImage(of: p), "search: a position off the board or miscounted")
        nodes &+= 1
        if nodes & 4095 == 0 && stopCheck(nodes) { stopped = true }
        if stopped { return false }
        if pegs < fewestPegs { fewestPegs = pegs; fewestPath = path }
        if problem.isFinish(p) { return true }
        if pegs <= targetPegs { return false }
        for k in pagodas.indices where pagodas[k].value(p) < pagodaFloors[k] { return false }
        let key = tables.canonical(p)
        if dead.contains(key) { return false }
        for j in jumpOrder {
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
