// How a colour is archived. A fixed colour keeps the form archives have always had (`red`, `green`, `blue`,
// `alpha`), so older archives decode unchanged; a dynamic one is `{"light": …, "dark": …}`, a semantic one
// `{"system": "label"}`.

extension LabelColor: Codable {
    private enum CodingKeys: String, CodingKey {
        case red, green, blue, alpha
        case light, dark, lightHighContrast, darkHighContrast
        case system
    }

    /// Decodes a fixed, dynamic or semantic colour.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.system) {
            let name = try container.decode(String.self, forKey: .system)
            guard let color = SystemColor(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .system, in: container, debugDescription: "unknown system colour \(name)")
            }
            self.init(system: color)
        } else if container.contains(.light) || container.contains(.dark) {
            self.init(.dynamic(try DynamicColor(from: decoder)))
        } else {
            self.init(try RGBAColor(from: decoder))
        }
    }

    /// Encodes the colour in the form ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        switch value {
        case .fixed(let color): try color.encode(to: encoder)
        case .dynamic(let color): try color.encode(to: encoder)
        case .system(let color):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(color.rawValue, forKey: .system)
        }
    }
}
