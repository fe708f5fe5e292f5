import Control
import Foundation
import Localization
import Session
import Settings

/// A guided track as clients follow and move it: its position once a second, and `seek`.
///
/// Thread: control (the service's main thread), as all of the conductor.
extension ServiceConductor {
    /// `{"by": -30}` moves the track playing 30 s back, `{"to": 90}` to 1:30 (seconds).
    func seek(_ move: SeekParams.Move) throws(RPCError) -> JSONValue {
        guard
            let session = playing.sessions.first(where: {
                !$0.live.isFinished && !$0.live.isPaused && $0.trackPosition($0.live.status) != nil
            })
        else {
            throw .refused(localized("no guided track is playing", de: "es spielt keine geführte Aufnahme"))
        }
        let rate = Double(session.live.outline.format.sampleRate)
        let limit = Double(SessionConfiguration.maxMinutes.rounded(times: 60))
        let moved =
            switch move {
            case let .by(by): session.live.seek(byFrames: Int((max(-limit, min(limit, by)) * rate).rounded()))
            case let .to(to): session.live.seek(toFrame: Int((max(0, min(limit, to)) * rate).rounded()))
            }
        guard moved else { throw .refused(localized("cannot seek now", de: "jetzt nicht spulbar")) }
        return ["seeking": true, "id": .number(session.number)]
    }

    func tellPosition(_ session: ServiceSession, _ status: LiveStatus) {
        guard let position = session.trackPosition(status), status.phase == .playing else { return }
        let second = Int(position.seconds)
        guard second != session.toldPosition else { return }
        session.toldPosition = second
        publish([
            "event": "position", "id": .number(session.number), "position": .number(second),
            "duration": .finite(position.duration), "description": .string(session.note)
        ])
    }
}
