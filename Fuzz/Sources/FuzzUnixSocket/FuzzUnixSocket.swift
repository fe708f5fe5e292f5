import Control
import FuzzDriver

/// One input through `WireReplay.unixSocket` (its seeds: Fuzz/Seeds/rpc): a fault it reports is a
/// finding, as a crash is; libFuzzer keeps the input that caused either.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUnixSocket(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let outcome = WireReplay.unixSocket(Array(UnsafeBufferPointer(start: data, count: count)))
    if let fault = outcome.faults.first { fatalError(fault) }
    return 0
}

@_cdecl("FuzzUnixSocket_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzUnixSocket(data, size) }
}
