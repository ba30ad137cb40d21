// Published node counts of other engines on FFO #40-#59, printed beside ours in the bench
// tables. Source: Egaroucid 7.8.0's benchmark page (Takuto Yamana,
// https://www.egaroucid.nyanyan.dev/en/technology/benchmarks/7_8_0/, Core i9-13900K), its
// raw logs files/000_ffo40_59_Core_i9-13900K_SIMD.txt (Egaroucid for Console 7.8.0 SIMD,
// `-l 60 -hash 25 -nobook -solve ffo40-59.txt -thread 42`: 14,587,235,996 nodes in all) and
// files/010_ffo40_59_Core_i9-13900K_edax_x64_v3.txt (Edax 4.5.5 x86-64-v3,
// `-l 60 -h 25 -solve ffo40-59.txt -n 32`: 27,528,192,590 nodes). Both are multi-threaded
// runs, which search more nodes than one thread would.

extension ReversiGame {
    /// One engine's published run: its label for the column header and nodes by FFO number.
    struct PublishedRun {
        var engine: String
        var threads: Int
        var nodes: [Int: UInt64]
        var column: String { "published nodes (\(engine), \(threads) threads)" }
    }

    static let publishedRuns: [PublishedRun] = [
        PublishedRun(engine: "Egaroucid 7.8.0", threads: 42, nodes: [
            40: 9_645_526, 41: 11_823_528, 42: 18_176_660, 43: 68_152_369, 44: 7_940_057,
            45: 193_612_001, 46: 42_932_299, 47: 13_401_971, 48: 95_261_523, 49: 222_739_622,
            50: 523_197_906, 51: 169_952_079, 52: 360_325_529, 53: 1_431_005_834, 54: 2_182_164_652,
            55: 6_715_594_734, 56: 613_958_492, 57: 1_008_918_237, 58: 892_560_995, 59: 5_871_982,
        ]),
        PublishedRun(engine: "Edax 4.5.5", threads: 32, nodes: [
            40: 10_593_841, 41: 23_504_239, 42: 29_753_131, 43: 89_413_746, 44: 19_875_648,
            45: 269_538_788, 46: 68_859_306, 47: 20_213_841, 48: 163_208_900, 49: 369_260_322,
            50: 982_629_790, 51: 350_205_998, 52: 785_392_624, 53: 3_185_945_823, 54: 4_282_847_738,
            55: 11_709_882_077, 56: 1_440_917_181, 57: 1_646_036_510, 58: 2_079_154_919, 59: 958_168,
        ]),
    ]
}
