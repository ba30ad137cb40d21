// SplitMix64: a tiny seeded generator (Steele, Lea, Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014) so simulations and tests repeat exactly on every platform.

public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    @inline(__always) public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<n without modulo bias (Lemire's multiply-and-reject).
    @inline(__always) public mutating func below(_ n: Int) -> Int {
        let bound = UInt64(n)
        while true {
            let r = next().multipliedFullWidth(by: bound)
            if r.low >= (0 &- bound) % bound { return Int(r.high) }
        }
    }
}
