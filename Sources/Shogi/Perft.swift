// perft: the number of legal move sequences of a given length (move generator check).

extension Position {
    /// Leaf count at `depth` plies. Counts every promotion / non-promotion and every drop;
    /// pawn-drop mates are excluded (they are illegal).
    package mutating func perft(_ depth: Int) -> UInt64 {
        if depth == 0 { return 1 }
        let buf = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves * (depth + 1))
        defer { buf.deallocate() }
        return perft(depth, buf)
    }

    mutating func perft(_ depth: Int, _ buf: UnsafeMutablePointer<Move>) -> UInt64 {
        let n = generateLegal(buf)
        if depth == 1 { return UInt64(n) }
        var total: UInt64 = 0
        for i in 0..<n {
            let m = buf[i]
            let cap = play(m)
            total += perft(depth - 1, buf + Position.maxMoves)
            undo(m, captured: cap)
        }
        return total
    }
}
