import Foundation
import Testing

@Suite("labelkit hit and rects")
struct HitCommandTests {
    static let seed = "決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします"

    @Test("a point 5 px past the end of the first line hits nothing")
    func pastFirstLine() throws {
        let measured = try labelkit([
            "rects", "--width", "200", "--range", "0,5", "Hello world, this wraps onto more lines",
        ])
        let rect = try #require((measured.jsonLines.first?["rects"] as? [[Double]])?.first)
        // The first line holds "Hello world, this wraps " at 200 px; find its right end from the full first line.
        let line = try labelkit([
            "rects", "--width", "200", "--range", "0,23", "Hello world, this wraps onto more lines",
        ])
        let lineRects = try #require(line.jsonLines.first?["rects"] as? [[Double]])
        #expect(lineRects.count == 1)
        let end = lineRects[0][0] + lineRects[0][2]
        let result = try labelkit([
            "hit", "--width", "200", "--x", "\(end + 5)", "--y", "\(rect[1] + rect[3] / 2)",
            "Hello world, this wraps onto more lines",
        ])
        #expect(result.status == 0)
        #expect(result.stdout == "{\"index\":null,\"length\":null,\"link\":null,\"token\":false,\"attachment\":null}\n")
    }

    @Test("a tap on 利用規約 reports the cluster and the link")
    func seedTap() throws {
        let rects = try labelkit(["rects", "--markup", "--width", "120", "--range", "10,1", Self.seed])
        let rect = try #require((rects.jsonLines.first?["rects"] as? [[Double]])?.first)
        let result = try labelkit([
            "hit", "--markup", "--width", "120", "--x", "\(rect[0] + rect[2] / 2)",
            "--y", "\(rect[1] + rect[3] / 2)", Self.seed,
        ])
        #expect(
            result.stdout
                == "{\"index\":10,\"length\":1,\"link\":{\"start\":9,\"length\":4,\"target\":\"https://example.com/terms\",\"safe\":true,\"warnings\":[]},\"token\":false,\"attachment\":null}\n"
        )
    }

    @Test("hit --detect url on a look-alike host prints \"safe\":false with its warnings, as 'links' does")
    func unsafeDetectedLink() throws {
        let text = "аpple.com/login"   // a Cyrillic а
        let result = try labelkit(["hit", "--detect", "url", "--x", "10", "--y", "5", text])
        #expect(result.status == 0)
        let link = try #require(result.jsonLines.first?["link"] as? [String: Any])
        #expect(link["safe"] as? Bool == false)
        #expect(link["warnings"] as? [String] == ["mixedScriptHost"])
        let links = try labelkit(["links", "--kinds", "url", text])
        let listed = try #require((links.jsonLines.first?["links"] as? [[String: Any]])?.first)
        #expect(listed["safe"] as? Bool == false)
        #expect(listed["warnings"] as? [String] == ["mixedScriptHost"])
        let safe = try labelkit(["hit", "--detect", "url", "--x", "10", "--y", "5", "apple.com/login"])
        let safeLink = try #require(safe.jsonLines.first?["link"] as? [String: Any])
        #expect(safeLink["safe"] as? Bool == true)
        #expect(safeLink["warnings"] as? [String] == [])
    }

    @Test("--points answers several points; --radius finds a link just below it")
    func points() throws {
        let rects = try labelkit(["rects", "--markup", "--width", "120", "--range", "9,4", Self.seed])
        let link = try #require((rects.jsonLines.first?["rects"] as? [[Double]])?.first)
        let below = "\(link[0] + 5),\(link[1] + link[3] + 20)"
        let inside = "\(link[0] + 5),\(link[1] + 5)"
        let plain = try labelkit(["hit", "--markup", "--width", "120", "--points", "\(inside) \(below)", Self.seed])
        let hits = try #require(plain.jsonLines.first?["hits"] as? [[String: Any]])
        #expect(hits.count == 2)
        #expect(hits[0]["link"] is [String: Any])
        #expect(hits[1]["link"] is NSNull)
        let near = try labelkit(["hit", "--markup", "--width", "120", "--radius", "25", "--points", below, Self.seed])
        let nearHits = try #require(near.jsonLines.first?["hits"] as? [[String: Any]])
        #expect(nearHits.first?["link"] is [String: Any])
    }

    @Test("--height and --valign move the text; --inset shifts it")
    func bounds() throws {
        let top = try labelkit(["rects", "--height", "100", "--valign", "top", "--range", "0,1", "x"])
        let bottom = try labelkit([
            "rects", "--height", "100", "--valign", "bottom", "--inset", "0,10,0,0", "--range", "0,1", "x",
        ])
        let topRect = try #require((top.jsonLines.first?["rects"] as? [[Double]])?.first)
        let bottomRect = try #require((bottom.jsonLines.first?["rects"] as? [[Double]])?.first)
        #expect(topRect[1] == 0)
        // The measured block (the line's height rounded up) sits at the bottom, so the line ends within a point of it.
        let bottomEdge = bottomRect[1] + bottomRect[3]
        #expect(bottomEdge <= 100 && bottomEdge > 99)
        #expect(bottomRect[0] == 10)
    }

    @Test("hit and rects --batch answer one line per record")
    func batch() throws {
        let hits = try labelkit(
            ["hit", "--batch", "-"],
            stdin: """
                {"text":"hello","points":[[1,5],[500,5]]}
                {"text":"hello","width":20,"height":100,"points":[[1,50]]}
                {"text":"hello","points":"nope"}

                """)
        #expect(hits.status == 2)
        let lines = hits.jsonLines
        #expect(lines.count == 3)
        let first = try #require(lines[0]["hits"] as? [[String: Any]])
        #expect(first[0]["index"] as? Int == 0)
        #expect(first[1]["index"] is NSNull)
        #expect(lines[2]["error"] != nil)
        let rects = try labelkit(["rects", "--batch", "-"], stdin: "{\"text\":\"hello world\",\"range\":[0,5]}\n")
        #expect((rects.jsonLines.first?["rects"] as? [[Double]])?.count == 1)
    }
}
