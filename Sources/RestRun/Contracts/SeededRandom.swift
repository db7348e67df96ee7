/// The random numbers of a fuzz run: SplitMix64, so that one seed gives the same requests on every
/// machine and every run (the system generator cannot be seeded).
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that starts from `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A generator for one part of the run (an operation, an example), independent of how many
    /// numbers the other parts drew: `seed` mixed with `labels`.
    package static func derived(from seed: UInt64, _ labels: [String], _ number: Int = 0) -> SeededRandom {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for label in labels {
            for byte in label.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
            hash ^= 0xFF
            hash &*= 0x0000_0100_0000_01B3
        }
        var random = SeededRandom(seed: seed ^ hash ^ (UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15))
        _ = random.next()
        return random
    }

    /// True with probability `numerator` in `denominator`.
    package mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        Int.random(in: 0..<denominator, using: &self) < numerator
    }
}
