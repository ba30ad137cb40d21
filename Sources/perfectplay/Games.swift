// The games this build of perfectplay knows. Each game module exports one GameDefinition.

import SolverKit
import Reversi

let catalog = GameCatalog([
    ReversiGame.self,
])
