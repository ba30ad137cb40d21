// The games this build of perfectplay knows. Each game module exports one GameDefinition.

import SolverKit

import Shogi

let catalog = GameCatalog([
    ShogiGame.self,
])
