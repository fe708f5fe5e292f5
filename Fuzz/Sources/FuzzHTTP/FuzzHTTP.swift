import Control
import FuzzDriver

/// One input through `WireReplay.httpRequest` (its seeds: Fuzz/Seeds/http): a fault it reports is a
/// finding, as a crash is; libFuzzer keeps the input that caused either.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let outcome = WireReplay.httpRequest(Array(UnsafeBufferPointer(start: data, count: count)))
    if let fault = outcome.faults.first { fatalError(fault) }
    return 0
}

@_cdecl("FuzzHTTP_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzHTTP(data, size) }
}
