// FFO endgames #20-#39 built in: the tuning set of the move ordering (its node counts decide
// the evaluation's features, stages and search depths; #40-#59 stay for testing).
// Source: the FFO endgame test suite (FForum, Fédération Française d'Othello), the same lines
// as Puzzles/reversi/tour/fforum-20-39.obf, with the published exact move scores.

extension FFOPositions {
    /// #20 .. #39, one .obf line each.
    static let twentyToThirtyNine = """
        XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X; H5:+6; G6:-2; F6:-4; H6:-10;
        OOOOOOOOXOOXXX--XXOOXOO-XOXOOO--XOOOOX--XOOXOO--XOOOOO--XXXX---- O; G5:+0; G2:-2; G4:-4; G6:-6;
        --OOOO--X-OOOOO-XXOOXOXXXOXOXXXXXXXOXXXX-XXOXOXX--OXXX-X----X--- O; G8:+2; A6:+0; F8:-4; A7:-4; H2:-4; B2:-6; D8:-8; B7:-14; G7:-26;
        --O-------OOX---OOOXXXO-OOOOXOXXXXXOOXOXXXXXXOOXX-XXXXOX--XXXX-- X; A2:+4; D1:-20; H3:-20; B1:-30; G2:-30; E1:-30; F2:-34; G8:-34; B2:-36; H2:-38;
        --O--O-----OOOX--X-XOXOO--XXXOOOXXXXOOOOXXXOXXOOXXXXXX--XOXX-O-- O; C3:+0; B4:-4; C2:-8; E8:-12; G7:-14; H2:-16; G1:-24;
        ----X------XXXO--OOOXXXXXOOOOXXO-XXOOXXOOOXOXXXXOOOXX---X-XXXX-- O; G1:+0; A5:+0; F1:-4; D1:-6; F7:-8; C2:-10; G7:-10; H2:-12; H7:-16;
        -OOOOO----OXXO---OOOOXXO-OOOXOXX-OOXOOXX-XOXXOXX--O-XXXX--O----O X; D8:+0; A6:-2; A4:-6; B7:-6; A5:-12; G1:-16; A2:-16; A3:-18; H2:-18; B8:-20; G2:-20; B2:-26;
        --XO-O----OOOO--OOXOXXO-OOOOXXOOOOOXXOX-OXOXXXXX--XXXX----X-O-X- X; B7:-2; E1:-4; B1:-6; H2:-10; H5:-10; B2:-12; A2:-14; H3:-28; G1:-28; G2:-28;
        --O-------OOO--X-XOOOOXXXXXXOXOX-XXOXOOXXXOXOOXX-OOOOO-X---OOO-- X; F1:+0; B2:+0; E1:+0; B1:-4; F2:-6; G7:-6; D1:-12; C8:-20; G8:-22; B8:-28;
        -OXXXX----OXXO--XXOOXOOOXXXOOXOOXXOOXOOOXXXXOO-XX-XXO----------- X; G2:+10; A1:+4; G6:-10; H2:-12; F8:-12; E8:-12; G7:-24; G1:-24; B2:-30; F7:-34;
        -XXX----X-XOO---XXOXOO--XOXOXO--XOOXOXXXXOOXXOX---OOOOO--XXXXX-- X; G3:+0; G2:-12; E1:-16; F2:-18; F1:-22; G4:-22; H6:-24; B7:-24; G8:-28;
        -OOOOO----OOOO--OXXOOO---XXXOO--XXXXXXO-XXXOOO-OX-OOOO---OOOOO-- X; G6:-2; G3:-4; G4:-8; G7:-14; H5:-14; G2:-16; G1:-30; G8:-32;
        --XX----O-XXOX--OOXOO---OXOXOOO-OOXXOOOXOOXXXOOX--XXXXOX--X--X-X X; G3:-4; B7:-6; E1:-8; H4:-10; F3:-10; H3:-10; B2:-14; A7:-22;
        -XXXXXXX--XOOO----OXOOXX-OOXXOXX-OOOOOXX-X-XOOXX---O-X-X--OOOO-- X; E7:-8; A3:-8; A6:-12; B2:-12; G7:-12; G2:-12; A4:-14; C6:-20; A5:-22; B3:-28;
        -------------O-O-OOOOOOOOOOOOXOOOXXOOOXO-XXXOXOO--XXXOXO--OXXXXO X; C2:-2; D2:-6; E2:-6; A3:-10; A2:-10; F1:-12; G2:-14; G1:-16; B2:-20; B8:-26;
        --XXX-----XXXX-OOOXXOOOOOOOOOOXO-OOXXXXO-OOOXXXO---XOXX---X----- O; C7:+0; D8:-8; H8:-8; B2:-12; G1:-14; E8:-20; B1:-20; F8:-24; F1:-32; H7:-32; G8:-38;
        ---X-O----XXXO-XXXXXXXXXXOOXXOOXXOXOOOXXXXOOOO-XX--OOOO--------- O; B7:+0; B1:-2; E1:-4; C1:-6; G6:-8; G2:-10; A2:-22; B2:-24;
        --OOOO--O-OOOO--OXXXOOO-OXXOXO--OOXXOXX-OOXXXX--O-XXX-----XX-O-- X; G2:-20; G4:-22; B7:-22; H3:-22; G1:-30; H2:-42; B1:-48;
        --OOOO----OOOO---XOXXOOXOOXOOOOX-OOOOOXXXOOXXXXX--X-X----------- X; B2:+4; A5:+0; H2:-4; A3:-10; A7:-18; G2:-20; B7:-22; G1:-24; B1:-26;
        O-OOOO--XOXXOX--XOOOXXX-XOOOXX--XOOXOX--XOXXX---X-XX------------ O; A8:+64; B1:+64; G1:+64; G5:+64; G6:+64; C8:+64; H3:+64; E8:+64; H4:+64; F7:+62; D8:+62; E7:+62; H2:+62; B8:+62; G2:+60; G4:+60; F6:+32;
        """

    /// The parsed positions of `numbers` (within #20-#59).
    package static func records(_ numbers: ClosedRange<Int>) -> [(number: Int, record: ObfRecord)] {
        let tuning = ObfRecord.parseFile(twentyToThirtyNine, file: "fforum-20-39.obf").enumerated().compactMap {
            index, parsed -> (number: Int, record: ObfRecord)? in
            guard case .success(let record) = parsed else { return nil }
            return (20 + index, record)
        }
        return (tuning + records()).filter { numbers.contains($0.number) }
    }
}
