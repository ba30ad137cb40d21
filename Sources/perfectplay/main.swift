// perfectplay: the command line. Thin: parse, dispatch to the batch runner or a game, exit.

import Foundation
import SolverKit

StandardStream.reserveDescriptors()
Interruption.install()
exit(PerfectPlayCommand.run(Array(CommandLine.arguments.dropFirst())))
