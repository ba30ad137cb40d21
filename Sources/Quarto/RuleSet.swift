// The three rule sets and their winning lines (16-bit square masks, square = row * 4 + column).

enum RuleSet: String, Sendable, CaseIterable {
    /// Rows, columns and the two long diagonals: 10 lines.
    case classic
    /// Classic plus the nine 2x2 blocks: 19 lines.
    case squares
    /// Rows, columns, the eight wrapped diagonals and the sixteen wrapped 2x2 blocks: 32 lines.
    case torus

    var lines: [UInt16] {
        func mask(_ cells: [(Int, Int)]) -> UInt16 {
            cells.reduce(0) { $0 | UInt16(1) << (($1.0 & 3) * 4 + ($1.1 & 3)) }
        }
        var result: [UInt16] = []
        for i in 0..<4 {
            result.append(mask((0..<4).map { (i, $0) }))
            result.append(mask((0..<4).map { ($0, i) }))
        }
        switch self {
        case .classic, .squares:
            result.append(mask((0..<4).map { ($0, $0) }))
            result.append(mask((0..<4).map { ($0, 3 - $0) }))
            if self == .squares {
                for r in 0..<3 { for c in 0..<3 { result.append(mask([(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)])) } }
            }
        case .torus:
            for k in 0..<4 {
                result.append(mask((0..<4).map { ($0, $0 + k) }))
                result.append(mask((0..<4).map { ($0, k + 4 - $0) }))
            }
            for r in 0..<4 { for c in 0..<4 { result.append(mask([(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)])) } }
        }
        return result
    }
}
