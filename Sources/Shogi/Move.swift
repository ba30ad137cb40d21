// A move packed in 32 bits, and its USI notation.

/// bits 0-6 destination, 7-13 origin, 14 promotion, 15 drop, 16-19 dropped piece type.
package struct Move: Hashable, Sendable {
    package var raw: UInt32
    @inline(__always) init(raw: UInt32) { self.raw = raw }
    @inline(__always) static func board(from: Int, to: Int, promote: Bool) -> Move {
        Move(raw: UInt32(to) | (UInt32(from) << 7) | (promote ? 1 << 14 : 0))
    }
    @inline(__always) static func drop(_ type: Int, to: Int) -> Move {
        Move(raw: UInt32(to) | (1 << 15) | (UInt32(type) << 16))
    }
    @inline(__always) package var to: Int { Int(raw & 127) }
    @inline(__always) package var from: Int { Int((raw >> 7) & 127) }
    @inline(__always) package var isPromotion: Bool { raw & (1 << 14) != 0 }
    @inline(__always) package var isDrop: Bool { raw & (1 << 15) != 0 }
    @inline(__always) package var dropType: Int { Int((raw >> 16) & 15) }
    static let none = Move(raw: 0xFFFF_FFFF)

    static func squareName(_ sq: Int) -> String {
        "\(sq / 9 + 1)" + String(UnicodeScalar(UInt8(97 + sq % 9)))
    }
    static func square(file: Character, rank: Character) -> Int? {
        guard let f = file.wholeNumberValue, (1...9).contains(f), let a = rank.asciiValue, (97...105).contains(a) else { return nil }
        return (f - 1) * 9 + Int(a - 97)
    }
    /// USI text: "7g7f", "2b3c+", "P*5e".
    package var usi: String {
        if isDrop { return String(Piece.letters[dropType]) + "*" + Move.squareName(to) }
        return Move.squareName(from) + Move.squareName(to) + (isPromotion ? "+" : "")
    }
    /// Parses USI text (shape only; legality is checked against a position).
    package init?(usi s: String) {
        let c = Array(s)
        if c.count == 4, c[1] == "*" {
            guard let t = Piece.typeFromLetter(c[0]), c[0].isUppercase, t != Piece.king,
                  let to = Move.square(file: c[2], rank: c[3]) else { return nil }
            self = .drop(t, to: to)
            return
        }
        guard c.count == 4 || (c.count == 5 && c[4] == "+"),
              let from = Move.square(file: c[0], rank: c[1]), let to = Move.square(file: c[2], rank: c[3]) else { return nil }
        self = .board(from: from, to: to, promote: c.count == 5)
    }
}
