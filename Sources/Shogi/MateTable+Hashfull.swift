// How full the mate table is, as USI engines report it (`info hashfull`, per mille).

extension MateTable {
    /// Entries of the current generation per thousand, from a sample of the first 1,000: a new
    /// entry's slot is spread over the whole table by its key, so the head is a fair sample.
    var hashfull: Int {
        let sample = min(1000, capacity)
        var used = 0
        for i in 0..<sample where entries[i].kind != MateEntry.empty && entries[i].generation == generation { used += 1 }
        return used * 1000 / max(1, sample)
    }
}
