// A player's pieces in hand, packed in 32 bits so that superiority (every count >=) is one subtraction.

/// Counts of P, L, N, S, B, R, G in hand. Each field has a guard bit above it, so
/// `a.covers(b)` (a >= b fieldwise) is `((a - b) & guards) == 0`.
package struct Hand: Hashable, Sendable {
    package var raw: UInt32
    package init(raw: UInt32 = 0) { self.raw = raw }
    // field shifts by piece type (1 P ... 7 G); widths 5,3,3,3,3,3,3 (room for odd perft sets)
    static let shift: [UInt32] = [0, 0, 6, 10, 14, 18, 22, 26]
    static let width: [UInt32] = [0, 5, 3, 3, 3, 3, 3, 3]
    static let guards: UInt32 = (1 << 5) | (1 << 9) | (1 << 13) | (1 << 17) | (1 << 21) | (1 << 25) | (1 << 29)
    /// Largest count per type a field holds (a standard set has 18 P, 4 L/N/S/G, 2 B/R).
    static let maximum: [Int] = [0, 31, 7, 7, 7, 7, 7, 7]

    @inline(__always) package func count(_ t: Int) -> Int {
        Int((raw >> Hand.shift[t]) & ((1 << Hand.width[t]) - 1))
    }
    @inline(__always) package mutating func add(_ t: Int, _ n: Int = 1) { raw &+= UInt32(n) << Hand.shift[t] }
    @inline(__always) package mutating func remove(_ t: Int, _ n: Int = 1) { raw &-= UInt32(n) << Hand.shift[t] }
    @inline(__always) package mutating func set(_ t: Int, _ n: Int) {
        raw = (raw & ~(((1 << Hand.width[t]) - 1) << Hand.shift[t])) | (UInt32(n) << Hand.shift[t])
    }
    /// self >= other for every type.
    @inline(__always) package func covers(_ other: Hand) -> Bool { ((raw &- other.raw) & Hand.guards) == 0 }
    package var isEmpty: Bool { raw == 0 }
    package var total: Int { (1...7).reduce(0) { $0 + count($1) } }
    /// Fieldwise maximum.
    package func union(_ o: Hand) -> Hand {
        var h = Hand()
        for t in 1...7 { h.set(t, max(count(t), o.count(t))) }
        return h
    }
    /// Fieldwise minimum.
    package func intersection(_ o: Hand) -> Hand {
        var h = Hand()
        for t in 1...7 { h.set(t, min(count(t), o.count(t))) }
        return h
    }
    /// Every field at its maximum. A constant, not a closure: the df-pn node loop reads it per
    /// node, and a lazily initialised global costs a `swift_once` call at each read.
    static let full = Hand(raw: 31 | 7 << 6 | 7 << 10 | 7 << 14 | 7 << 18 | 7 << 22 | 7 << 26)
    /// SFEN order of hand pieces: R B G S N L P.
    static let sfenOrder = [Piece.rook, Piece.bishop, Piece.gold, Piece.silver, Piece.knight, Piece.lance, Piece.pawn]
}
