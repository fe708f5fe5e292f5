import Localization
import Session

extension SoundLocator {
    /// The bundled sounds' locator, on the environment read once.
    package static var ofThisProcess: SoundLocator { SoundLocator(environment: ProcessEnvironment.variables) }
}
