import Foundation

/// Where the bundled sounds (and the phone's page) are: `$MEDITATE_SOUNDS`, a `sounds` folder next to the executable,
/// `share/meditate/sounds` under the install prefix, or the source tree's `Sounds/` above the
/// build folder (for `swift run`).
public struct SoundLocator: Sendable {
    public var environment: [String: String]
    public var executablePath: String?

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = SoundLocator.runningExecutable()
    ) {
        self.environment = environment
        self.executablePath = executablePath
    }

    /// The running program's file, as the kernel names it: what `Bundle.main` says, without
    /// setting up a bundle (0.4 ms of every start).
    public static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = buffer.withUnsafeMutableBufferPointer { bytes -> Int in
            guard let base = bytes.baseAddress else { return -1 }
            return readlink("/proc/self/exe", base, bytes.count)
        }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Folders searched, in order.
    public var candidates: [String] {
        candidates(installedAs: "sounds", inSourceTree: "Sounds", variable: "MEDITATE_SOUNDS")
    }

    /// Where another bundled folder (the phone's page) is looked for, in the same places:
    /// `$variable`, `installed` next to the executable or under `share/meditate/`, and the source
    /// tree's `source` above the build folder.
    public func candidates(installedAs installed: String, inSourceTree source: String, variable: String) -> [String] {
        var folders: [String] = []
        if let value = environment[variable], !value.isEmpty { folders.append(value) }
        if let executablePath {
            let binary = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
            folders.append(binary.appendingPathComponent(installed).path)
            folders.append(
                binary.deletingLastPathComponent().appendingPathComponent("share/meditate/\(installed)").path)
            var ancestor = binary
            for _ in 0..<5 {
                ancestor = ancestor.deletingLastPathComponent()
                folders.append(ancestor.appendingPathComponent(source).path)
            }
        }
        return folders
    }

    /// The path of a bundled sound, or nil when no candidate folder holds it.
    public func path(of sound: BundledSound) -> String? {
        for folder in candidates {
            let path = folder + "/" + sound.fileName
            if FileManager.default.isReadableFile(atPath: path) { return path }
        }
        return nil
    }
}
