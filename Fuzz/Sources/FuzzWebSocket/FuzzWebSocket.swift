import Control
import FuzzDriver

/// One input through `WireReplay.webSocketFrames` (its seeds: Fuzz/Seeds/websocket): a fault it reports is a
/// finding, as a crash is; libFuzzer keeps the input that caused either.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocket(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let outcome = WireReplay.webSocketFrames(Array(UnsafeBufferPointer(start: data, count: count)))
    if let fault = outcome.faults.first { fatalError(fault) }
    return 0
}

@_cdecl("FuzzWebSocket_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzWebSocket(data, size) }
}
