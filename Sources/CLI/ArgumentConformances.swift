import ArgumentParser
import Clock
import Service
import Session
import Settings

// Types of other modules that options take: each parses its argument as its setting parses its
// text (`--minutes 7.5` and `minutes = 7.5` alike), so Settings and the service need no
// ArgumentParser to read a request.

extension OfflineSessionRenderer.FileFormat: ExpressibleByArgument {}

extension ListenAddress: ExpressibleByArgument {
    public init?(argument: String) { self.init(text: argument) }
}

extension ExactDecimal: ExpressibleByArgument {
    public init?(argument: String) { self.init(settingText: argument) }
}

extension MinutesArgument: ExpressibleByArgument {
    package init?(argument: String) { self.init(settingText: argument) }
}

extension ClearableOption: ExpressibleByArgument {
    package init?(argument: String) { self.init(settingText: argument) }
}

extension BellList: ExpressibleByArgument {
    package init?(argument: String) { self.init(settingText: argument) }
}

extension SegmentList: ExpressibleByArgument {
    package init?(argument: String) { self.init(settingText: argument) }
}

extension RandomBells: ExpressibleByArgument {
    public init?(argument: String) { self.init(settingText: argument) }
}

// The named choices too, in any case (`--noise Pink` as `noise = "Pink"` and `{"noise": "Pink"}`);
// their help and refusals still list them.
extension NoiseArgument: ExpressibleByArgument {
    package init?(argument: String) { self.init(settingText: argument) }
}

extension WalkSounds: ExpressibleByArgument {
    public init?(argument: String) { self.init(settingText: argument) }
}

extension ClockTime: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension AfterSit: ExpressibleByArgument {
    package init?(argument: String) { self.init(settingText: argument) }
}

extension OutputChoice.Backend: ExpressibleByArgument {
    public init?(argument: String) { self.init(settingText: argument) }
}
