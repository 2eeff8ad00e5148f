extension TypesettingPass {
    /// Code units that end a line by themselves.
    static func isLineBreakUnit(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0B || unit == 0x0C || unit == 0x0D || unit == 0x85 || unit == 0x2028
            || unit == 0x2029
    }

    /// Spaces that hang past the end of a line and stretch when justifying.
    static func isHangingSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x3000 || unit == 0x1680
            || (0x2000...0x200A).contains(unit)
                && unit != 0x2007
            || unit == 0x205F
    }
}
