import Control
import Foundation
import Library
import Practice
import Settings
import Testing

@testable import Service

/// The page's "Again" starts the last sit from what `sit.defaults` reads of its history note.
@Suite("The last sit, read back from its note")
struct LastSitTests {
    /// What `sit.defaults` gives as `last` for a sit asked for with `json`, once it is history.
    private func last(_ json: String) throws -> JSONValue? {
        let settings = try Settings.load(environment: [:], path: "/nonexistent/meditate/config.toml")
        let request = try JSONDecoder().decode(SitRequest.self, from: Data(json.utf8))
        let note = SitDescription.stored(request.configuration(settings))
        return LastSit.json(
            PracticeSession(startedAt: 0, kind: .timer, note: note, plannedSeconds: 60, satSeconds: 60, completed: true)
        )
    }

    @Test("a sit of segments gives back its segments, what sounds while walking, its random bells and its file bed")
    func segmentsWalkSoundsAndAmbienceComeBack() throws {
        // Given a sit of sits and walks, the bed while walking, random bells and a file as its bed
        let last = try last(
            #"{"segments": "sit 25, walk 7.5, sit 20", "walk-sounds": "bed", "random-bells": "3-10", "ambience": "/srv/rain.flac"}"#
        )
        // Then each comes back as sit.start takes it, and the file by its path
        #expect(last?["params"]?["segments"] == "sit 25, walk 7.5, sit 20", "\(last?.line ?? "")")
        #expect(last?["params"]?["walk-sounds"] == "bed")
        #expect(last?["params"]?["random-bells"] == "3-10")
        #expect(last?["params"]?["ambience"] == "/srv/rain.flac")
        #expect(last?["params"]?["minutes"] == "52.5")
        #expect(last?["params"]?["bells"] == "none")
        #expect(
            last?["description"]?.stringValue
                == "52 min 30 s, sit 25 min, walk 7 min 30 s, sit 20 min, the bed while walking, bells at random, "
                + "3 min to 10 min apart, ambience rain")
    }

    @Test("a sit with bells at set minutes gives them back; one without segments has none and walks with nothing")
    func bellListComesBack() throws {
        // Given a 30-minute sit with bells at 5, 12.5 and 20 minutes on the sea
        let last = try last(#"{"minutes": 30, "bells": "5,12.5,20", "noise": "ocean"}"#)
        // Then the bells come back as a list, and there are no segments nor a bed of a file
        #expect(last?["params"]?["bells"] == "5,12.5,20", "\(last?.line ?? "")")
        #expect(last?["params"]?["segments"] == nil)
        #expect(last?["params"]?["walk-sounds"] == "none")
        #expect(last?["params"]?["ambience"] == "none")
        #expect(last?["params"]?["noise"] == "ocean")
        #expect(last?["params"]?["interval"] == "none")
    }

    @Test("a note's segments no request would take are left out, not passed on")
    func segmentsNoRequestTakesAreLeftOut() throws {
        // Given a note (text from a file) with a segment of no length
        let note = NoteText.stored([
            ["key": "sitMinutes", "minutes": "10", "length": "10 min"],
            ["key": "segmentSit", "minutes": "10", "length": "10 min"],
            ["key": "segmentWalk", "minutes": "0", "length": "0 s"]
        ])
        // When it is read back
        let last = LastSit.json(
            PracticeSession(
                startedAt: 0, kind: .timer, note: note, plannedSeconds: 600, satSeconds: 600, completed: true))
        // Then it is still a sit of its minutes, without segments
        #expect(last?["params"]?["minutes"] == "10", "\(last?.line ?? "")")
        #expect(last?["params"]?["segments"] == nil)
    }

    @Test(
        "a tampered note no request would take is no last sit: a length of 1e308, a bell every 1e300, words missing their values, a megabyte"
    )
    func tamperedNotesAreNoLastSit() throws {
        // Given notes a file may hold that no sit of the service wrote
        let notes = [
            NoteText.stored([["key": "sitMinutes", "minutes": "1e308", "length": "forever"]]),
            NoteText.stored([
                ["key": "sitMinutes", "minutes": "20", "length": "20 min"],
                ["key": "sitBellsEvery", "minutes": "1e300", "every": "never"]
            ]),
            NoteText.stored([["key": "sitMinutes", "minutes": "20", "length": "20 min"], ["key": "sitBellsRandom"]]),
            NoteText.stored(
                [["key": "sitMinutes", "minutes": "20", "length": "20 min"]]
                    + Array(repeating: ["key": "noisePink"], count: 100_000))
        ]
        for note in notes {
            // When each is read back
            let start = Date()
            let last = LastSit.json(
                PracticeSession(
                    startedAt: 0, kind: .timer, note: note, plannedSeconds: 60, satSeconds: 60, completed: true))
            // Then none is offered as the last sit, and none takes long to refuse
            #expect(last == nil, "\(last?.line.prefix(300) ?? "")")
            #expect(Date().timeIntervalSince(start) < 1)
        }
        // And a sit of 20 minutes with a bell every 5 still comes back
        let kept = try last(#"{"minutes": 20, "interval": 5}"#)
        #expect(kept?["params"]?["minutes"] == "20" && kept?["params"]?["interval"] == "5", "\(kept?.line ?? "")")
    }

    @Test("bells given out of order are described in the order they ring")
    func bellsAreDescribedInOrder() throws {
        // Given a sit asked for with bells at 20, 5 and 10 minutes
        let last = try last(#"{"minutes": 30, "bells": "20,5,10"}"#)
        // Then its description, and the list Again starts, name them as they ring
        #expect(last?["description"] == "30 min, bells at 5; 10; 20 min", "\(last?.line ?? "")")
        #expect(last?["params"]?["bells"] == "5,10,20")
    }
}
