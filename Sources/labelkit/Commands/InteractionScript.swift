import Foundation
import LabelKit

/// A parsed `labelkit interact --events` script: pointer events, clock ticks and keys, in time order.
struct InteractionScript: Sendable {
    enum Step: Sendable {
        case pointer(PointerEvent)
        case wait(Double)
        case key(KeyPress, time: Double)
    }

    var steps: [Step] = []

    /// The steps of `text`; a problem names the step (`step 2 'jump 1': unknown step …`).
    init(parsing text: String) throws(OptionValueError) {
        var lastTime = 0.0
        for (number, rawStep) in text.split(separator: ";").enumerated() {
            let words = rawStep.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = words.first else { continue }
            func fail(_ problem: String) -> OptionValueError {
                .detail("step \(number + 1) '\(rawStep.trimmingCharacters(in: .whitespaces))': \(problem)")
            }
            // "shift+down": the pointer goes down with modifiers held.
            var verb = first
            var modifiers: KeyModifiers = []
            let parts = first.split(separator: "+").map { $0.lowercased() }
            if parts.count > 1, parts.last == "down" {
                for name in parts.dropLast() {
                    switch name {
                    case "shift": modifiers.insert(.shift)
                    case "ctrl", "control": modifiers.insert(.control)
                    case "alt": modifiers.insert(.alt)
                    default: throw fail("unknown modifier '\(name)'; expected shift, ctrl or alt")
                    }
                }
                verb = "down"
            }
            let needsPoint = ["down", "move", "up"].contains(verb)
            guard needsPoint || ["cancel", "wait", "key"].contains(verb) else {
                throw fail(
                    "unknown step '\(verb)'; expected down X,Y T | move X,Y T | up X,Y T | cancel T | wait T"
                        + " | key NAME T")
            }
            guard words.count == (needsPoint || verb == "key" ? 3 : 2) else {
                switch verb {
                case "key": throw fail("expected 'key NAME T'")
                case _ where needsPoint: throw fail("expected '\(verb) X,Y T'")
                default: throw fail("expected '\(verb) T'")
                }
            }
            guard let time = Double(words[words.count - 1]), time.isFinite, time >= 0 else {
                throw fail("the time must be a number of seconds ≥ 0, not '\(words[words.count - 1])'")
            }
            guard time >= lastTime else { throw fail("time goes backwards (\(time) after \(lastTime))") }
            lastTime = time
            switch verb {
            case "wait":
                steps.append(.wait(time))
            case "cancel":
                steps.append(.pointer(.cancel(time: time)))
            case "key":
                guard let key = KeyPress(name: words[1]) else {
                    throw fail("unknown key '\(words[1])'; expected a name such as Tab, shift+Right, ctrl+c, shift+F10")
                }
                steps.append(.key(key, time: time))
            default:
                let coordinates = words[1].split(separator: ",", omittingEmptySubsequences: false)
                guard coordinates.count == 2, let x = Double(coordinates[0]), let y = Double(coordinates[1]),
                    x.isFinite, y.isFinite
                else { throw fail("the point must be X,Y with two numbers, not '\(words[1])'") }
                let phase: PointerEvent.Phase = verb == "down" ? .down : verb == "move" ? .move : .up
                steps.append(
                    .pointer(
                        PointerEvent(
                            phase: phase, location: CGPoint(x: x, y: y), timestamp: time, modifiers: modifiers)))
            }
        }
        guard !steps.isEmpty else { throw .phrase("is empty") }
    }
}

extension OptionValue where Value == InteractionScript {
    /// An `--events` script: `down X,Y T; up X,Y T; …`.
    static var interactionScript: Self {
        Self(placeholder: "SCRIPT", parse: { (text) throws(OptionValueError) in try InteractionScript(parsing: text) })
    }
}
