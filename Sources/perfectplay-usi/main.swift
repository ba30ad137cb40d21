// perfectplay-usi: `perfectplay usi` as an executable of its own, for shogi GUIs, which start a
// registered engine with no arguments.

import Foundation
import Shogi
import SolverKit

StandardStream.reserveDescriptors()
exit(ShogiGame.command("usi", arguments: Array(CommandLine.arguments.dropFirst())) ?? 2)
