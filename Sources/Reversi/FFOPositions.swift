// The FFO endgame positions #40-#59 built in, so `perfectplay bench reversi` needs no files.
// Source: the FFO endgame test suite (FForum, Fédération Française d'Othello), the same
// lines as Puzzles/reversi/bench/fforum-40-59.obf, with the published exact move scores.

package enum FFOPositions {
    /// #40 .. #59, one .obf line each.
    static let fortyToFiftyNine = """
        O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36; D8:+34; C1:+30; B1:+30; G7:+28; D7:+28; C6:+28; F7:+26; A6:+24;
        -OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X; H4:+0; H3:-2; F8:-2; G5:-4; B7:-6; G7:-8; G1:-12; A2:-14; A7:-18; B2:-34;
        --OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X; G2:+6; A4:+0; C6:-2; C7:-4; C2:-4; D2:-6; B5:-8; B2:-10; B6:-10;
        --XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O; G3:-12; C7:-12; H4:-22; G7:-28; G2:-30; B1:-36;
        --O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O; D2:-14; B8:-14; G2:-18; G6:-18; F1:-22; A7:-24; B7:-26; G5:-28; G8:-28; C8:-28;
        ---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X; B2:+6; G5:+2; H6:+0; G2:-2; G4:-2; G7:-2; D8:-2; C8:-6; G3:-8; H7:-8; A6:-10; B8:-10; B7:-16; G8:-16;
        ---XXX----OOOX----OOOXX--OOOOXXX--OOOOXX--OXOXXX--XXOO---XXXX-O- X; B3:-8; B7:-10; A3:-12; A4:-16; B5:-22; A5:-24; B6:-26; B1:-26; B2:-28; C1:-34; F8:-36; G7:-38;
        -OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O; G2:+4; G6:-24; G4:-26; A5:-28; G3:-28; G5:-30; G7:-34; G8:-36;
        -----X--X-XXX---XXXXOO--XOXOOXX-XOOXXX--XOOXX-----OOOX---XXXXXX- O; F6:+28; G5:+20; G6:+16; G3:+14; E1:+12; D1:+12; H4:+10; H5:+8; H3:+8; C1:-2; B1:-2; B2:-2; G7:-8;
        --OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X; E1:+16; B1:+2; B2:-14; A2:-16; D8:-18; B7:-32; G2:-38; C7:-40;
        ----X-----XXX----OOOXOOO-OOOXOOO-OXOXOXO-OOXXOOO--OOXO----O--O-- X; D8:+10; H7:+6; A4:+2; B2:+2; G7:-2; G8:-2; A2:-4; A5:-6; A7:-6; G2:-6; H2:-6; A6:-8; A3:-10; B8:-14; B7:-18;
        ----O-X------X-----XXXO-OXXXXXOO-XXOOXOOXXOXXXOO--OOOO-O----OO-- O; E2:+6; A3:+6; F1:+4; G7:+2; C2:+0; B3:-2; D2:-4; G2:-6; C3:-10; A5:-14;
        ---X-------OX--X--XOOXXXXXXOXXXXXXXOOXXXXXXOOOXX--XO---X-------- O; A3:+0; E1:-2; B3:-2; F2:-8; F1:-12; B8:-12; G2:-16; B7:-18; B2:-22; A7:-26;
        ----OO-----OOO---XXXXOOO--XXOOXO-XXXXXOO--OOOXOO--X-OX-O-----X-- X; D8:-2; C1:-4; E8:-6; D1:-8; G1:-8; G7:-12; B6:-12; B7:-14; G2:-18; H2:-20; D7:-22;
        --OOO---XXOO----XXXXOOOOXXXXOX--XXXOXX--XXOOO------OOO-----O---- X; C7:-2; F8:-4; F2:-4; C8:-4; F6:-10; G8:-12; B1:-14; E2:-16; H2:-20; E8:-22;
        --------X-X------XXXXOOOOOXOXX--OOOXXXX-OOXXXX--O-OOOX-----OO--- O; G6:+0; B7:+0; E2:+0; G4:+0; F2:-2; H4:-2; D2:-2; C1:-4; H5:-4; F8:-6; D1:-12; G7:-16; A3:-16; B2:-28;
        --XXXXX---XXXX---OOOXX---OOXOX---OXXXXX-OOOOOXO----OXX---------- O; H5:+2; F8:-8; G3:-12; E8:-14; G4:-20; G8:-28; G7:-32; G2:-34; B1:-40;
        -------------------XXOOO--XXXOOO--XXOXOO-OOOXXXO--OXOO-O-OOOOO-- X; A6:-10; F2:-12; B5:-16; A7:-18; G7:-20; G2:-20; B7:-22; G8:-52;
        --XOOO----OOO----OOOXOO--OOOOXO--OXOXXX-OOXXXX----X-XX---------- X; G1:+4; A5:-6; B2:-10; H2:-18; A4:-22; A3:-22; F2:-22; A7:-24; H4:-26; B1:-26; A2:-28; H3:-36; G2:-38;
        -----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X X; H4:+64; G8:+64; E8:+64; A5:+62; B3:+54; F3:+52; B5:+44; D3:+38; E3:+36; G3:+34; C3:+30;
        """

    /// The parsed positions, numbered from 40.
    static func records() -> [(number: Int, record: ObfRecord)] {
        ObfRecord.parseFile(fortyToFiftyNine, file: "fforum-40-59.obf").enumerated().compactMap { index, parsed in
            guard case .success(let record) = parsed else { return nil }
            return (40 + index, record)
        }
    }
}
