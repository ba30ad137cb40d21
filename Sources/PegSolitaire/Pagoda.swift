// Pagoda functions (Conway's resource counts): weights w with w(from) + w(over) >= w(to)
// for every jump, so the total weight of the pegs never increases. A position whose weight
// is below the finish's weight cannot reach it. Berlekamp, Conway & Guy, "Winning Ways",
// ch. 23; Beasley, "The Ins and Outs of Peg Solitaire", ch. 5.

struct Pagoda: Sendable {
    let weights: [Int]
    /// Per-byte sums of weights, for the hot loop.
    let byteSums: [Int]
    let byteCount: Int

    /// nil unless the weights pass the pagoda condition on every jump of the board.
    init?(weights: [Int], board: Board) {
        guard weights.count == board.holeCount else { return nil }
        for jump in board.jumps where weights[jump.from] + weights[jump.over] < weights[jump.to] { return nil }
        self.weights = weights
        byteCount = max(1, (board.holeCount + 7) / 8)
        var sums = [Int](repeating: 0, count: byteCount * 256)
        for b in 0..<byteCount {
            for v in 0..<256 {
                var s = 0
                for bit in 0..<8 where v & (1 << bit) != 0 && b * 8 + bit < weights.count { s += weights[b * 8 + bit] }
                sums[b * 256 + v] = s
            }
        }
        byteSums = sums
    }

    @inline(__always) func value(_ p: UInt64) -> Int {
        var s = 0, v = p
        for b in 0..<byteCount {
            s += byteSums[b * 256 + Int(v & 0xff)]
            v >>= 8
        }
        return s
    }

    /// Lattice distance between two holes.
    static func distance(_ board: Board, _ a: Int, _ b: Int) -> Int {
        let dr = board.rows[a] - board.rows[b], dc = board.cols[a] - board.cols[b]
        switch board.lattice {
        case .square: return board.diagonal ? max(abs(dr), abs(dc)) : abs(dr) + abs(dc)
        case .triangular: return max(abs(dr), (abs(dr) + abs(dc)) / 2)
        }
    }

    /// Candidate pagodas for finishing on `target`; only those that pass the check are kept.
    /// - the golden-ratio resource count: w = F(K - d) with d the distance to the target
    ///   (a jump toward the target keeps the sum, any other jump lowers it);
    /// - 0/1 counts on a region around the target closed under incoming jumps.
    static func candidates(board: Board, target: Int) -> [Pagoda] {
        var out: [Pagoda] = []
        let dist = (0..<board.holeCount).map { distance(board, $0, target) }
        let k = (dist.max() ?? 0) + 2
        var fib = [0, 1]
        while fib.count <= k { fib.append(fib[fib.count - 1] + fib[fib.count - 2]) }
        if let p = Pagoda(weights: dist.map { fib[k - $0] }, board: board) { out.append(p) }
        // Regions R around the target with w = 1 on R, 0 elsewhere, valid when every jump
        // landing in R starts or passes in R: grow {target} by the over (or from) holes of
        // the jumps into it until closed. A position with no peg in R cannot finish.
        for useOver in [true, false] {
            var region = UInt64(1) << UInt64(target)
            var changed = true
            while changed {
                changed = false
                for jump in board.jumps where region & (UInt64(1) << UInt64(jump.to)) != 0 && region & jump.need == 0 {
                    region |= UInt64(1) << UInt64(useOver ? jump.over : jump.from)
                    changed = true
                }
            }
            let w = (0..<board.holeCount).map { region & (UInt64(1) << UInt64($0)) != 0 ? 1 : 0 }
            if region != board.allHoles, let p = Pagoda(weights: w, board: board) { out.append(p) }
        }
        return out
    }
}
