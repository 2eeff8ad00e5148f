import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// Image attachments drawn into their boxes, sharp at scale 2; placeholders and typed errors for bad files.
@Suite struct AttachmentRenderingTests {
    /// "Ana " + an attachment + " here", with the attachment `width`×`height` showing `content`.
    static func layout(
        _ content: AttachmentContent, width: Double = 16, height: Double = 16,
        alignment: AttachmentAlignment = .center
    ) throws -> TextLayout {
        var text = AttributedString("Ana ")
        text += AttributedString(
            attachment: TextAttachment(width: width, height: height, alignment: alignment, content: content))
        text += AttributedString(" here")
        return try LabelTypesetter.system.layout(text)
    }

    /// `size`×`size` pixels of one straight RGBA colour.
    static func solid(_ rgba: [UInt8], size: Int = 4) throws -> AttachmentPixels {
        try AttachmentPixels(
            width: size, height: size, rgba: Array([[UInt8]](repeating: rgba, count: size * size).joined()))
    }

    @Test func anImageFillsItsBoxAndNothingElse() throws {
        let layout = try Self.layout(.image(.pixels(try Self.solid([255, 0, 0, 255]))))
        let placed = try #require(layout.attachments.first)
        let image = try LabelRenderer(scale: 2, backgroundColor: .white).render(layout)
        let inside = image.pixels(in: placed.rect.insetBy(dx: 0.5, dy: 0.5), scale: 2)
        #expect(
            !inside.isEmpty && inside.allSatisfy { $0 == RenderedImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255) })
        // The box is 16 points: 32 × 32 red device pixels, none outside it.
        let around = placed.rect.insetBy(dx: -1.5, dy: -1.5)
        #expect(image.pixels(in: around, scale: 2).filter(\.isReddish).count == 32 * 32)
    }

    @Test func aTwoTimesImageInAOneTimesBoxIsDrawnPixelForPixelAtScaleTwo() throws {
        // A 32×32 checkerboard of single pixels in a 16×16-point box: at scale 2 every device pixel is one image
        // pixel, pure black or pure white — nothing blurred into grey.
        var rgba: [UInt8] = []
        for row in 0..<32 {
            for column in 0..<32 { rgba += (row + column) % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
        }
        let layout = try Self.layout(.image(.pixels(try AttachmentPixels(width: 32, height: 32, rgba: rgba))))
        let placed = try #require(layout.attachments.first)
        let image = try LabelRenderer(scale: 2, backgroundColor: .white).render(layout)
        let originX = Int((placed.rect.minX * 2).rounded())
        let originY = Int((placed.rect.minY * 2).rounded())
        var exact = 0
        for row in 0..<32 {
            for column in 0..<32 {
                let expected: UInt8 = (row + column) % 2 == 0 ? 0 : 255
                if image.pixel(x: originX + column, y: originY + row)?.green == expected { exact += 1 }
            }
        }
        #expect(exact == 32 * 32, "\(exact) of 1024 pixels exact")
        // At scale 1 the same image is averaged: grey, as it must be.
        let small = try LabelRenderer(scale: 1, backgroundColor: .white).render(layout)
        let middle = try #require(small.pixel(x: Int(placed.rect.midX), y: Int(placed.rect.midY)))
        #expect(middle.green > 60 && middle.green < 200, "\(middle)")
    }

    @Test func aPNGFileIsReadAndDrawn() throws {
        let path = try Fixtures.writePNG(try Self.solid([0, 0, 255, 255], size: 8), named: "blue")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let layout = try Self.layout(.image(.file(path: path)))
        let placed = try #require(layout.attachments.first)
        let image = try LabelRenderer(backgroundColor: .white, unreadableImagePolicy: .throwError).render(layout)
        #expect(
            image.pixel(x: Int(placed.rect.midX), y: Int(placed.rect.midY))
                == RenderedImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test func aMissingImageIsAPlaceholderByDefaultAndATypedErrorWhenStrict() throws {
        let path = "/nonexistent-labelkit-dir/badge.png"
        let layout = try Self.layout(.image(.file(path: path)), width: 30, height: 20)
        let placed = try #require(layout.attachments.first)
        let image = try LabelRenderer(scale: 2, backgroundColor: .white).render(layout)
        // The placeholder: light grey inside, a darker border and cross; the text around it is still drawn.
        let fill = try #require(image.pixel(x: Int(placed.rect.midX * 2), y: Int((placed.rect.minY + 4) * 2)))
        #expect(fill == RenderedImage.Pixel(red: 0xE5, green: 0xE5, blue: 0xEA, alpha: 255), "\(fill)")
        let centre = try #require(image.pixel(x: Int(placed.rect.midX * 2), y: Int(placed.rect.midY * 2)))
        #expect(centre.green < 0xE5, "the cross passes through the middle: \(centre)")
        #expect(image.pixels(in: layout.rects(for: 0..<3)[0].rect, scale: 2).contains { $0.isDark }, "text still drawn")

        #expect(throws: RenderError.unreadableImage(path: path, reason: "no such file")) {
            try LabelRenderer(unreadableImagePolicy: .throwError).render(layout)
        }
        #expect(throws: RenderError.unreadableImage(path: path, reason: "no such file")) {
            try LabelRenderer(unreadableImagePolicy: .throwError).data(layout, format: .pdf)
        }
    }

    @Test func aFileThatIsNotAPNGSaysSo() throws {
        let path = ExternalRasterizer.temporaryPath("not-a-png") + ".png"
        try Data("GIF89a, or so it claims".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let layout = try Self.layout(.image(.file(path: path)))
        do {
            _ = try LabelRenderer(unreadableImagePolicy: .throwError).render(layout)
            Issue.record("a text file rendered as an image")
        } catch {
            guard case .unreadableImage(let failed, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(failed == path)
            #expect(reason == "not a PNG file")
        }
        // By default: a placeholder, no error.
        _ = try LabelRenderer().render(layout)
    }

    @Test func aCustomAttachmentIsLeftToTheApp() throws {
        let layout = try Self.layout(.custom(identifier: "info-button"), width: 20, height: 20)
        let placed = try #require(layout.attachments.first)
        #expect(placed.attachment.content == .custom(identifier: "info-button"))
        let image = try LabelRenderer(backgroundColor: .white).render(layout)
        #expect(
            image.pixels(in: placed.rect).allSatisfy {
                $0 == RenderedImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255)
            })
    }

    @Test func translucentPixelsAreBlendedOverWhatIsBeneath() throws {
        let layout = try Self.layout(.image(.pixels(try Self.solid([0, 0, 0, 128]))))
        let placed = try #require(layout.attachments.first)
        let image = try LabelRenderer(backgroundColor: .white).render(layout)
        let middle = try #require(image.pixel(x: Int(placed.rect.midX), y: Int(placed.rect.midY)))
        #expect(middle.alpha == 255 && abs(Int(middle.green) - 127) <= 2, "\(middle)")
    }

    @Test func anAttachmentCastsTheShadowOfItsImage() throws {
        var text = AttributedString(
            attachment: TextAttachment(
                width: 20, height: 20, alignment: .center, content: .image(.pixels(try Self.solid([0, 0, 255, 255])))))
        text.labelKit.shadow = TextShadow(
            offsetX: 6, offsetY: 6, blurRadius: 0, color: LabelColor(red: 1, green: 0, blue: 0))
        let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 60, height: 60))
        let placed = try #require(layout.attachments.first)
        let image = try LabelRenderer(backgroundColor: .white).render(layout)
        let shadow = try #require(image.pixel(x: Int(placed.rect.maxX) + 3, y: Int(placed.rect.maxY) + 3))
        #expect(shadow.isReddish, "\(shadow)")
        #expect(image.pixel(x: Int(placed.rect.midX), y: Int(placed.rect.midY))?.blue == 255, "image over its shadow")
    }
}

extension AttachmentRenderingTests {
    @Test func aDamagedPNGIsNamedDamaged() throws {
        // A real PNG's first 40 bytes: the signature and the header, then nothing.
        let whole = try Fixtures.writePNG(try Self.solid([0, 0, 255, 255], size: 8), named: "whole")
        defer { try? FileManager.default.removeItem(atPath: whole) }
        let path = ExternalRasterizer.temporaryPath("truncated") + ".png"
        try Data(try Data(contentsOf: URL(fileURLWithPath: whole)).prefix(40)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let layout = try Self.layout(.image(.file(path: path)))
        do {
            _ = try LabelRenderer(unreadableImagePolicy: .throwError).render(layout)
            Issue.record("a truncated PNG rendered")
        } catch {
            guard case .unreadableImage(_, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reason.hasPrefix("a damaged PNG file"), "\(reason)")
        }
    }
}
