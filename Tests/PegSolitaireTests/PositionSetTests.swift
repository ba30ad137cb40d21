// The dead-position set under a byte limit (`--hash-mb`): it never grows past the limit and
// starts over when full, and without a limit it keeps every member (exact sets rely on it).

import Testing
@testable import PegSolitaire

@Test func limitedSetStaysWithinItsBytesAndStillAnswers() {
    var set = PositionSet(capacity: 16)
    set.byteLimit = 1 << 20   // 1 MB: at most 64K slots of 8 bytes once growing stops
    defer { set.free() }
    var maxCount = 0, lost = 0
    for k in 1...1_000_000 {
        set.insert(UInt64(k) &* 0x9E37_79B9_7F4A_7C15 | 1)
        maxCount = max(maxCount, set.count)
        if !set.contains(UInt64(k) &* 0x9E37_79B9_7F4A_7C15 | 1) { lost += 1 }
    }
    #expect(lost == 0)
    #expect(maxCount <= 65_536 * 9 / 10)
    #expect(set.count < 1_000_000)
}

@Test func unlimitedSetKeepsEveryMember() {
    var set = PositionSet(capacity: 16)
    defer { set.free() }
    for k in 1...200_000 { set.insert(UInt64(k) << 3) }
    #expect(set.count == 200_000)
    #expect((1...200_000).allSatisfy { set.contains(UInt64($0) << 3) })
    #expect(!set.contains(UInt64(200_001) << 3))
}
