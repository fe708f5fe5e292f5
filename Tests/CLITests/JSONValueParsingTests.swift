import Clock
import Control
import Foundation
import ProgramTestSupport
import Testing

@Suite("JSONValue.parse: what a client sends, read in one pass")
struct JSONValueParsingTests {
    @Test("each kind of value comes back as itself: true is not 1, 1 is not true")
    func kindsAreKept() {
        #expect(JSONValue.parse("true") == .bool(true))
        #expect(JSONValue.parse("false") == .bool(false))
        #expect(JSONValue.parse("1") == .number(1))
        #expect(JSONValue.parse("0") == .number(0))
        #expect(JSONValue.parse("-2.5e3") == .number(-2500))
        #expect(JSONValue.parse("null") == .null)
        #expect(JSONValue.parse(#""a\u00e9\n""#) == .string("aé\n"))
        #expect(
            JSONValue.parse(#"{"a":[true,1,0,false,null,"x",{"b":[]}]}"#)
                == ["a": [true, 1, 0, false, nil, "x", ["b": []]]])
    }

    @Test("not JSON, a number no Double holds and nesting deeper than 32 are nil")
    func refusals() {
        #expect(JSONValue.parse("{this is not json") == nil)
        #expect(JSONValue.parse("[1e400]") == nil)
        let deep = { (levels: Int) in String(repeating: "[", count: levels) + String(repeating: "]", count: levels) }
        #expect(JSONValue.parse(deep(32)) != nil)
        #expect(JSONValue.parse(deep(33)) == nil)
        // Brackets inside strings are not nesting
        #expect(JSONValue.parse(#"["\#(String(repeating: "[", count: 100))"]"#) != nil)
        #expect(JSONValue.depth(of: Array(#"["\"[[[", {"a": "]]"}]"#.utf8)) == 2)
    }

    @Test("a line of 64 KB as deep as is allowed is read in well under a tenth of a second")
    func wideLineIsCheap() {
        let allowed = String(repeating: #"{"a":["#, count: 14) + "1" + String(repeating: "]}", count: 14)
        let wide = #"{"x":["# + Array(repeating: allowed, count: 500).joined(separator: ",") + "]}"
        let start = MonotonicClock.seconds()
        var parsed = 0
        for _ in 0..<10 where JSONValue.parse(wide) != nil { parsed += 1 }
        #expect(parsed == 10)
        // Ten of them: the Codable decoder took 3.2 s for ten; now 0.3 s.
        #expect(MonotonicClock.seconds() - start < 1.5)
    }
}
