// Only in the fuzz build (`-Xswiftc -DDAYBOOK_FUZZ -Xswiftc -sanitize=fuzzer,address`, see
// scripts/fuzz.sh). A normal `swift build` never sees these symbols.
#if DAYBOOK_FUZZ
    import Glibc

    /// Chosen once in `main` before libFuzzer starts calling; read-only afterwards.
    nonisolated(unsafe) var fuzzTarget = FuzzTarget.photo

    @_cdecl("LLVMFuzzerTestOneInput")
    package func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        _ = fuzzTarget.run(bytes)
        return 0
    }

    // libFuzzer's own `main` cannot be used: SwiftPM links every executable with `main` bound
    // to the module's `@main`. So `@main` hands the arguments to libFuzzer's driver instead.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    func runLibFuzzer(target: FuzzTarget) -> Never {
        fuzzTarget = target
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput))
    }
#endif
