// Quarto pieces: four two-valued attributes packed in a 4-bit code, and the notation people read.
//
// Bit 0 tall (T) / short (t), bit 1 dark (D) / light (d), bit 2 square (S) / round (s),
// bit 3 hollow (H) / solid (h). A set bit is the upper-case letter: `TDSH` = 15, `tdsh` = 0,
// `TdSh` = 5. The number 0-15 is accepted too.

enum Piece {
    /// The upper-case letter of each attribute, bit order.
    static let letters: [Character] = ["T", "D", "S", "H"]

    /// `TDSH` style name of a piece code 0-15 (letters always in the order height, colour, shape, top).
    static func name(_ code: Int) -> String {
        var s = ""
        for a in 0..<4 {
            let c = letters[a]
            s.append(code >> a & 1 == 1 ? c : Character(c.lowercased()))
        }
        return s
    }

    /// Parses `TDSH`-style names (the four letters in any order, each attribute once) or a number 0-15.
    /// Returns nil when the token is not a piece.
    static func parse<S: StringProtocol>(_ token: S) -> Int? {
        if let n = Int(token) { return (0...15).contains(n) ? n : nil }
        guard token.count == 4 else { return nil }
        var code = 0, seen = 0
        for ch in token {
            guard let a = letters.firstIndex(of: Character(ch.uppercased())) else { return nil }
            if seen >> a & 1 == 1 { return nil }
            seen |= 1 << a
            if ch.isUppercase { code |= 1 << a }
        }
        return code
    }

    /// 8-bit set of the attribute values of a piece: bit 2a+1 when attribute a is set, bit 2a otherwise.
    static func valueSet(_ code: Int) -> Int {
        var v = 0
        for a in 0..<4 { v |= 1 << (2 * a + (code >> a & 1)) }
        return v
    }
}
