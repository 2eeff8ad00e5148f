import Foundation
import Testing

@testable import LabelKitText

@Suite("HTML reader: errors and warnings")
struct HTMLErrorTests {
    func error(_ source: String) -> String? {
        do {
            _ = try LabelMarkup.html(source)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("an unterminated tag is an error at its '<', saying what was expected")
    func unterminatedTag() {
        #expect(
            error("<p>Hello <b")
                == "line 1, column 10: the tag <b> is not closed: expected '>' before the end of the input")
        #expect(error("<b") == "line 1, column 1: the tag <b> is not closed: expected '>' before the end of the input")
        #expect(
            error("ok</b") == "line 1, column 3: the tag </b> is not closed: expected '>' before the end of the input")
        #expect(
            error("<a href=x")
                == "line 1, column 1: the tag <a> is not closed: expected '>' before the end of the input")
        #expect(
            error("<a href=") == "line 1, column 1: the tag <a> is not closed: expected '>' before the end of the input"
        )
        #expect(
            error("<img src='a.png' /")
                == "line 1, column 1: the tag <img> is not closed: expected '>' before the end of the input")
    }

    @Test("an unterminated quoted attribute value is an error at the attribute, naming the quote expected")
    func unterminatedAttribute() {
        #expect(
            error(#"<a href="https://example.com>link</a>"#)
                == #"line 1, column 4: the value of attribute href is not closed: expected '"' before the end of the input"#
        )
        #expect(
            error("<p>\n  <span title='it>x</span>")
                == #"line 2, column 9: the value of attribute title is not closed: expected "'" before the end of the input"#
        )
    }

    @Test("lines and columns count from 1, in Unicode scalars; CR LF, CR and LF each end a line")
    func positions() {
        #expect(error("<p>one</p>\n<p>two <b")?.hasPrefix("line 2, column 8:") == true)
        #expect(error("a\r\nb\rc\n<i")?.hasPrefix("line 4, column 1:") == true)
        #expect(error("é<b")?.hasPrefix("line 1, column 2:") == true)
        #expect(error("👍🏽<b")?.hasPrefix("line 1, column 3:") == true)   // the thumb and its skin tone
        #expect(error("<p\nclass=x\n")?.hasPrefix("line 1, column 1:") == true)
    }

    @Test("unknown tags keep their text; the warning names the tag where it starts, once per start tag")
    func unknownTags() throws {
        let result = try LabelMarkup.html("<p>Hello <blink>there</blink></p>\n<marquee>big <blink>x</blink></marquee>")
        #expect(String(result.text.characters) == "Hello there\nbig x")
        #expect(
            result.warnings.map(\.description) == [
                "line 1, column 10: unknown tag <blink>, its text kept",
                "line 2, column 1: unknown tag <marquee>, its text kept",
                "line 2, column 14: unknown tag <blink>, its text kept",
            ])
    }

    @Test("unknown void tags (hr, input) are left out with a warning")
    func unknownVoid() throws {
        let result = try LabelMarkup.html("a<hr>b<input value=x>c")
        #expect(String(result.text.characters) == "abc")
        #expect(result.warnings.map(\.message) == ["unknown tag <hr>, left out", "unknown tag <input>, left out"])
    }

    @Test("a stray end tag is ignored, with a warning where it stands")
    func strayEndTags() throws {
        let result = try LabelMarkup.html("</b>stray <i>x</i></i></p>")
        #expect(String(result.text.characters) == "stray x")
        #expect(
            result.warnings.map(\.description) == [
                "line 1, column 1: end tag </b> has no open element, ignored",
                "line 1, column 19: end tag </i> has no open element, ignored",
                "line 1, column 23: end tag </p> has no open element, ignored",
            ])
    }

    @Test("an end tag closes the elements inside it: misnested inline tags end where the outer one ends")
    func misnested() throws {
        let result = try LabelMarkup.html("<b>bold <i>both</b> plain</i>")
        #expect(String(result.text.characters) == "bold both plain")
        #expect(try htmlRun(result.text, "both").labelKit.italic == true)
        #expect(try htmlRun(result.text, " plain").labelKit.italic == nil)
        #expect(result.warnings.count == 1)   // the </i> that no longer closes anything
    }

    @Test("an unterminated comment or script runs to the end of the input, with a warning (as browsers drop it)")
    func unterminatedSkips() throws {
        let comment = try LabelMarkup.html("shown<!-- hidden <b>")
        #expect(String(comment.text.characters) == "shown")
        #expect(
            comment.warnings.map(\.description) == [
                "line 1, column 6: expected '-->' to close the comment before the end of the input; the rest of the input is left out"
            ])
        let script = try LabelMarkup.html("a<script>b")
        #expect(String(script.text.characters) == "a")
        #expect(
            script.warnings.map(\.message) == [
                "<script> is not closed: expected </script>; the rest of the input is left out"
            ])
    }

    @Test("a `</script` inside a script's text that is not its end tag does not end it")
    func scriptEnd() throws {
        #expect(try htmlText("<script>x = '</scripts>'</script>after") == "after")
        #expect(try htmlText("<SCRIPT>x</Script >after") == "after")
    }

    @Test("warnings come in input order, tokenizer's and reader's alike")
    func warningOrder() throws {
        let result = try LabelMarkup.html("<x>a</y><!-- b")
        #expect(result.warnings.map(\.column) == [1, 5, 9])
    }
}
