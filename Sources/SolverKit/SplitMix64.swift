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

    /// Uniform in 0..<n without modulo bias (Lemire's multiply-and-reject); 0 when n <= 1.
    @inline(__always) public mutating func below(_ n: Int) -> Int {
        guard n > 1 else { return 0 }
        let bound = UInt64(n)
        while true {
            let r = next().multipliedFullWidth(by: bound)
            if r.low >= (0 &- bound) % bound { return Int(r.high) }
        }
    }
}

extension SplitMix64 {
    /// The generator of item `index` of a run seeded with `seed`: items are independent of
    /// one another, so a run gives the same items whatever the thread count.
    public init(seed: UInt64, item index: Int) {
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        self.init(seed: mixer.next())
    }
}
