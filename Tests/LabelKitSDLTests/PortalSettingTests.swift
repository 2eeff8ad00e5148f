import Foundation
import LabelKit
import Testing

@testable import LabelKitSDL

/// What the desktop portal's answers mean, without a bus: the values `ReadOne`, `Read` and `SettingChanged` carry,
/// each followed setting's values, and the answers of the wrong type that are ignored.
@Suite struct PortalSettingTests {
    static let appearance = PortalSetting.appearanceNamespace
    static let interface = PortalSetting.interfaceNamespace

    static func decoded(_ namespace: String, _ key: String, _ value: DBusValue) throws -> PortalSetting? {
        try PortalSetting.decode(namespace: namespace, key: key, value: value)
    }

    @Test func readOneCarriesTheValueInOneVariantAndReadInTwo() throws {
        #expect(PortalMessage.valueOfReadOne([.variant(.uint32(1))]) == .uint32(1))
        #expect(PortalMessage.valueOfRead([.variant(.variant(.uint32(1)))]) == .uint32(1))
        #expect(PortalMessage.valueOfRead([.variant(.double(1.25))]) == .double(1.25), "a Read without the 2nd variant")
        let readOneTwice = try #require(PortalMessage.valueOfReadOne([.variant(.variant(.uint32(1)))]))
        #expect(throws: PortalValueError.self) { try Self.decoded(Self.appearance, "color-scheme", readOneTwice) }
        #expect(PortalMessage.valueOfReadOne([.string("dark")]) == nil, "a reply that is not (v)")
        #expect(PortalMessage.valueOfReadOne([]) == nil)
    }

    @Test func settingChangedCarriesTheNamespaceTheKeyAndTheValue() throws {
        let change = try #require(
            PortalMessage.settingChanged([
                .string(Self.appearance), .string("color-scheme"), .variant(.uint32(1)),
            ]))
        #expect(change.namespace == Self.appearance && change.key == "color-scheme" && change.value == .uint32(1))
        #expect(PortalMessage.settingChanged([.string(Self.appearance), .string("color-scheme")]) == nil)
        #expect(PortalMessage.settingChanged([.string("a"), .string("b"), .uint32(1)]) == nil, "no variant")
    }

    @Test func colorSchemeOneIsDarkAndEveryOtherNumberLight() throws {
        #expect(try Self.decoded(Self.appearance, "color-scheme", .uint32(0)) == .colorScheme(.light))
        #expect(try Self.decoded(Self.appearance, "color-scheme", .uint32(1)) == .colorScheme(.dark))
        #expect(try Self.decoded(Self.appearance, "color-scheme", .uint32(2)) == .colorScheme(.light))
        #expect(try Self.decoded(Self.appearance, "color-scheme", .uint32(7)) == .colorScheme(.light), "unknown")
    }

    @Test func contrastOneIsHighAndZeroNormal() throws {
        #expect(try Self.decoded(Self.appearance, "contrast", .uint32(0)) == .contrast(.normal))
        #expect(try Self.decoded(Self.appearance, "contrast", .uint32(1)) == .contrast(.high))
        #expect(try Self.decoded(Self.appearance, "contrast", .uint32(9)) == .contrast(.normal), "unknown")
    }

    @Test func theTextScalingFactorIsClampedToTheScalesAPersonCanChoose() throws {
        let cases: [(Double, Double)] = [(1, 1), (1.25, 1.25), (0.2, 0.5), (4, 3), (.infinity, 3), (.nan, 1)]
        for (factor, scale) in cases {
            #expect(
                try Self.decoded(Self.interface, "text-scaling-factor", .double(factor))
                    == .textScale(try TextScale(scale)), "factor \(factor)")
        }
    }

    @Test func valuesOfTheWrongTypeAreErrorsThatNameTheSettingAndBothTypes() throws {
        let wrong: [(String, String, DBusValue, String)] = [
            (Self.appearance, "color-scheme", .string("dark"), "s"),
            (Self.appearance, "color-scheme", .int32(1), "i"),
            (Self.appearance, "contrast", .bool(true), "b"),
            (Self.appearance, "contrast", .unsupported(signature: "t"), "t"),
            (Self.interface, "text-scaling-factor", .uint32(2), "u"),
            (Self.interface, "text-scaling-factor", .tuple([.double(1.5)]), "(d)"),
        ]
        for (namespace, key, value, found) in wrong {
            #expect(throws: PortalValueError.self, "\(key) as \(found)") {
                try Self.decoded(namespace, key, value)
            }
            do {
                _ = try PortalSetting.decode(namespace: namespace, key: key, value: value)
            } catch {
                #expect(
                    error.description.hasPrefix("the desktop portal's \(namespace) \(key) is of type \(found), not "))
                #expect(error.description.hasSuffix(": ignored"))
            }
        }
    }

    @Test func settingsLabelKitDoesNotFollowAreNoSetting() throws {
        #expect(try Self.decoded(Self.appearance, "accent-color", .tuple([.double(1), .double(0), .double(0)])) == nil)
        #expect(try Self.decoded(Self.interface, "font-name", .string("Cantarell 11")) == nil)
    }

    @Test func eachSettingSetsItsOwnPartOfTheSettingsAndTheAppsOverrideWins() throws {
        var settings = DesktopSettings.standard
        PortalSetting.colorScheme(.dark).apply(to: &settings)
        PortalSetting.contrast(.high).apply(to: &settings)
        PortalSetting.textScale(try TextScale(1.5)).apply(to: &settings)
        #expect(settings == DesktopSettings(colorScheme: .dark, contrast: .high, textScale: try TextScale(1.5)))
        #expect(settings.appearance == .darkHighContrast)
        let overridden = settings.overridden(by: DesktopSettingsOverride(colorScheme: .light, textScale: .standard))
        #expect(overridden == DesktopSettings(colorScheme: .light, contrast: .high, textScale: .standard))
    }
}
