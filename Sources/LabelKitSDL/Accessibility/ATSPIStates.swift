/// AT-SPI's state numbers (`AtspiStateType`) and the two 32-bit words `GetState` answers with.
enum ATSPIStates {
    static let active = 1
    static let enabled = 8
    static let sensitive = 24
    static let showing = 25
    static let visible = 30

    /// The states of every part of the window: showing, visible, enabled, sensitive.
    static let always: Set<Int> = [showing, visible, enabled, sensitive]

    /// The number of each of ``AccessibleStates``' states but ``AccessibleStates/disabled``, which takes enabled and
    /// sensitive away instead.
    static let numbers: [(state: AccessibleStates, number: Int)] = [
        (.focusable, 11), (.focused, 12), (.checkable, 41), (.checked, 4), (.pressed, 20), (.selected, 23),
        (.selectableText, 38),
    ]

    /// A set of state numbers as AT-SPI's two words: state n is bit n % 32 of word n / 32.
    static func words(_ states: Set<Int>) -> [UInt32] {
        var words: [UInt32] = [0, 0]
        for state in states where (0..<64).contains(state) { words[state / 32] |= 1 << UInt32(state % 32) }
        return words
    }
}

extension AccessibleStates {
    /// AT-SPI's numbers of a part of the window with these states: showing and visible, enabled and sensitive unless
    /// disabled, and each of its own.
    var atspiStates: Set<Int> {
        var numbers = ATSPIStates.always
        for (state, number) in ATSPIStates.numbers where contains(state) { numbers.insert(number) }
        if contains(.disabled) { numbers.subtract([ATSPIStates.enabled, ATSPIStates.sensitive]) }
        return numbers
    }
}
