// ShotRecord: what the shooter knows about one Battleship board: size, fleet, misses, hits, and
// the sunk announcements (which ship, sunk by the shot at which cell), as the standard rules give.

/// One ship of the fleet: its length and the letter the format uses (A, B, C, ... in fleet order).
public struct SunkAnnouncement: Sendable, Hashable {
    /// Index into `ShotRecord.fleet`.
    public var ship: Int
    /// The cell whose shot sank it (a hit cell).
    public var cell: Int
    /// The hits when it sank (the sinking shot included), when the order of the shots is
    /// known: the ship lies on these, never on a cell hit later. nil: on any hit (a position
    /// read from a file carries no shot order).
    public var hitsThen: UInt128?
    public init(ship: Int, cell: Int, hitsThen: UInt128? = nil) { self.ship = ship; self.cell = cell; self.hitsThen = hitsThen }
}

public struct ShotRecord: Sendable, Hashable {
    public var shape: BoardShape
    /// Ship lengths; ships are distinct even when lengths repeat.
    public var fleet: [Int]
    public var misses: UInt128 = 0
    public var hits: UInt128 = 0
    public var sunk: [SunkAnnouncement] = []

    public static let standardFleet = [5, 4, 3, 3, 2]

    public init(shape: BoardShape, fleet: [Int] = ShotRecord.standardFleet) {
        self.shape = shape
        self.fleet = fleet
    }

    public var unknown: UInt128 { shape.fullMask & ~misses & ~hits }

    /// Letter naming ship i in the format and reports: A, B, C, ...
    public static func letter(ofShip i: Int) -> String { String(UnicodeScalar(UInt8(65 + i))) }
}
