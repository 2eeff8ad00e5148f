import Foundation
import Testing

@testable import LabelKitText

@Suite("Font feature lists")
struct FontFeaturesTests {
    @Test("a list reads tags, + and - signs and values, and writes itself back the same way")
    func parsing() throws {
        let features = try FontFeatures(parsing: " tnum, -liga,+kern ,ss01=1,aalt=2, smcp=off,c2sc=on")
        #expect(features.settings.map(\.tag) == ["tnum", "liga", "kern", "ss01", "aalt", "smcp", "c2sc"])
        #expect(features.settings.map(\.value) == [1, 0, 1, 1, 2, 0, 1])
        #expect(features.description == "tnum,-liga,kern,ss01,aalt=2,-smcp,c2sc")
        #expect(try FontFeatures(parsing: features.description) == features)
        #expect(try FontFeatures(parsing: "").isEmpty)
        #expect(try FontFeatures(parsing: "   ").isEmpty)
    }

    @Test("a malformed item is a typed error that names it")
    func malformed() {
        #expect(throws: FontFeatureError.emptyItem(position: 2)) { try FontFeatures(parsing: "tnum,,liga") }
        #expect(throws: FontFeatureError.emptyItem(position: 2)) { try FontFeatures(parsing: "tnum,") }
        #expect(throws: FontFeatureError.invalidTag("tabular")) { try FontFeatures(parsing: "tabular") }
        #expect(throws: FontFeatureError.invalidTag("lig")) { try FontFeatures(parsing: "-lig") }
        #expect(throws: FontFeatureError.invalidTag("tn m")) { try FontFeatures(parsing: "tn m") }
        #expect(throws: FontFeatureError.invalidValue("aalt=x")) { try FontFeatures(parsing: "aalt=x") }
        #expect(throws: FontFeatureError.invalidValue("aalt=-1")) { try FontFeatures(parsing: "aalt=-1") }
        #expect(throws: FontFeatureError.invalidValue("-liga=1")) { try FontFeatures(parsing: "-liga=1") }
        #expect(throws: FontFeatureError.invalidTag("ﬁﬁﬁﬁ")) { try FontFeature(tag: "ﬁﬁﬁﬁ") }
        #expect(FontFeatureError.invalidTag("tabular").description.contains("tabular"))
    }

    @Test("features are Codable as their list")
    func codable() throws {
        let features = try FontFeatures(parsing: "tnum,-liga")
        let data = try JSONEncoder().encode([features])
        #expect(String(decoding: data, as: UTF8.self) == #"["tnum,-liga"]"#)
        #expect(try JSONDecoder().decode([FontFeatures].self, from: data) == [features])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([FontFeatures].self, from: Data(#"["tnum,,x"]"#.utf8))
        }
    }
}
