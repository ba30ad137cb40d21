// Progress on stderr for long runs: positions done, nodes/s, elapsed time. Only on a
// terminal; a redirected run stays silent.

import Foundation
import Synchronization

public final class ProgressLine: Sendable {
    public let enabled: Bool
    private let lastDraw = Mutex<Double>(0)

    public init(enabled: Bool) { self.enabled = enabled }

    /// Redraws the line, at most ten times a second.
    public func update(_ text: String, elapsed: Double, rate: Double?) {
        guard enabled else { return }
        let now = monotonicSeconds()
        let due = lastDraw.withLock { last -> Bool in
            guard now - last >= 0.1 else { return false }
            last = now
            return true
        }
        guard due else { return }
        var line = "\(text) | \(NumberFormat.seconds(elapsed)) s"
        if let rate { line += " | \(NumberFormat.compact(rate)) nodes/s" }
        if line.count > 110 { line = String(line.prefix(110)) }
        StandardStream.error.write("\r\u{1B}[K" + line)
    }

    public func clear() {
        guard enabled else { return }
        StandardStream.error.write("\r\u{1B}[K")
    }
}
