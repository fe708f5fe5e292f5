import FuzzDriver

@_cdecl("FuzzDecoders_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzDecoders(data, size) }
}
