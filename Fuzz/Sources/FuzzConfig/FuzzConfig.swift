import ConfigSyntax
import TOMLKit

/// One input as config.toml: the header check first, then toml++, as `ConfigFile` does. An
/// error is a fine answer; an abort (toml++ asserts) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    guard TableHeaderCheck.firstBadHeader(in: text) == nil else { return 0 }
    _ = try? TOMLTable(string: text)
    return 0
}
