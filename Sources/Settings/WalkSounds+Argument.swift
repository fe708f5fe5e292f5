import ArgumentParser
import Session

// `--walk-sounds bed`: its names, as the setting and the request member take them.
extension WalkSounds: ExpressibleByArgument {}
