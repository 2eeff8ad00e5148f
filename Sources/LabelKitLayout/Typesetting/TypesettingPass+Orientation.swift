import Foundation
import LabelKitText

// Orientation: in vertical text, items split where their clusters stand differently — upright, turned sideways or
// combined across the column — after itemization, so that horizontal text pays nothing for it.

extension TypesettingPass {
    /// Splits vertical text's items where the orientation of their grapheme clusters changes and gives each item its
    /// orientation; upright and combined items read top to bottom whatever their bidi level (CSS: upright text is
    /// left to right). Attachments stand upright. Nothing for horizontal text.
    mutating func orientItems(_ buffer: UnsafeBufferPointer<UInt16>) {
        guard let textOrientation = verticalOrientation else { return }
        let flags = buffers.flags
        var oriented: [Item] = []
        oriented.reserveCapacity(buffers.items.count)
        for paragraphIndex in buffers.paragraphs.indices {
            let paragraph = buffers.paragraphs[paragraphIndex]
            let firstItem = oriented.count
            // The end of the last run of digits combined upright (`.digits(n)`).
            var combinedDigitsEnd = -1
            for itemIndex in paragraph.firstItem..<paragraph.endItem {
                let item = buffers.items[itemIndex]
                if item.isAttachment {
                    var upright = item
                    upright.orientation = .upright
                    oriented.append(upright)
                    continue
                }
                var pieceStart = item.start
                var pieceOrientation: GlyphOrientation? = nil
                var offset = item.start
                while offset < item.end {
                    var clusterEnd = offset + 1
                    while clusterEnd < item.end, !flags[clusterEnd].contains(.graphemeBoundary) { clusterEnd += 1 }
                    let orientation = columnOrientation(
                        ofClusterAt: offset, style: item.styleIndex, face: item.faceIndex,
                        textOrientation: textOrientation, buffer: buffer, paragraphEnd: paragraph.contentEnd,
                        combinedDigitsEnd: &combinedDigitsEnd)
                    if let current = pieceOrientation, current != orientation {
                        oriented.append(Self.piece(of: item, pieceStart..<offset, standing: current))
                        pieceStart = offset
                    }
                    pieceOrientation = orientation
                    offset = clusterEnd
                }
                oriented.append(Self.piece(of: item, pieceStart..<item.end, standing: pieceOrientation ?? .sideways))
            }
            buffers.paragraphs[paragraphIndex].firstItem = firstItem
            buffers.paragraphs[paragraphIndex].endItem = oriented.count
        }
        buffers.items = oriented
        // A combined run is one cell of its column: no line ends inside it.
        for item in oriented where item.orientation == .combinedUpright && item.end - item.start > 1 {
            for offset in (item.start + 1)..<item.end {
                buffers.flags[offset].remove([.lineBreakOpportunity, .betweenLetters])
            }
        }
    }

    private static func piece(of item: Item, _ range: Range<Int>, standing orientation: GlyphOrientation) -> Item {
        var piece = item
        (piece.start, piece.end, piece.orientation) = (range.lowerBound, range.upperBound, orientation)
        if orientation != .sideways { piece.level = item.level & ~1 }
        return piece
    }

    /// How the cluster at `offset` stands in a vertical column: combined upright when its style asks for it, else by
    /// its first character's Vertical_Orientation (UAX #50) in mixed orientation — a `Tr` character upright only
    /// where `face` has a vertical form of it, turned otherwise — and upright in upright orientation.
    mutating func columnOrientation(
        ofClusterAt offset: Int, style: Int, face: Int, textOrientation: TextOrientation,
        buffer: UnsafeBufferPointer<UInt16>, paragraphEnd: Int, combinedDigitsEnd: inout Int
    ) -> GlyphOrientation {
        switch text.styles[style].combineUpright {
        case .none: break
        case .all: return .combinedUpright
        case .digits(let limit):
            if offset < combinedDigitsEnd { return .combinedUpright }
            let isDigit = { (unit: UInt16) in unit >= 0x30 && unit <= 0x39 }
            if isDigit(buffer[offset]), offset == 0 || !isDigit(buffer[offset - 1]) {
                var end = offset
                while end < paragraphEnd, isDigit(buffer[end]) { end += 1 }
                if end - offset <= limit {
                    combinedDigitsEnd = end
                    return .combinedUpright
                }
            }
        }
        guard textOrientation == .mixed else { return .upright }
        let value = UnicodeCodeUnits.decode(at: offset, in: buffer, limit: buffer.count).value
        switch VerticalOrientation.of(value) {
        case .upright, .transformedUpright: return .upright
        case .rotated: return .sideways
        case .transformedRotated:
            guard let scalar = Unicode.Scalar(value) else { return .sideways }
            let key = UInt64(face) << 32 | UInt64(value)
            if let known = verticalForms[key] { return known ? .upright : .sideways }
            let hasForm = faces[face].hasVerticalForm(of: scalar)
            verticalForms[key] = hasForm
            return hasForm ? .upright : .sideways
        }
    }
}
