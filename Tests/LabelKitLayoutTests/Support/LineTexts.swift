import LabelKitLayout
import LabelKitText

extension TextLayout {
    /// The text of each visible line as drawn (trailing spaces excluded), the truncation token included.
    var lineTexts: [String] {
        let utf16 = utf16Units()
        return lines.map { line in
            var text = ""
            for run in line.runs {
                if run.isInTruncationToken {
                    let token = Array((truncationTokenString ?? "").utf16)
                    text += String(decoding: token[run.textRange], as: UTF16.self)
                } else {
                    text += String(decoding: utf16[run.textRange], as: UTF16.self)
                }
            }
            return text
        }
    }
}
