import Foundation
import SyncFolder
import Testing

@testable import Library

/// A device of its own (data folder, database, device id) whose shared files are in `shared`.
private func device(_ name: String, in scratch: ScratchLibrary, shared: String) throws -> LibraryDatabase {
    try LibraryDatabase(paths: LibraryPaths(folder: scratch.folder + "/" + name, history: shared))
}

private let bell = ScheduleEntry(
    action: .bell, options: "{}", times: .every(minutes: 60, from: 9 * 3600, to: 17 * 3600), days: .all,
    over: false)

@Suite("schedules and presets in the shared folder, one file each")
struct SharedSchedulesTests {
    @Test(
        "a schedule added on one device is listed on another, run by the first alone; a pause and a removal there reach it"
    )
    func scheduleAcrossDevices() throws {
        // Given two devices sharing one folder, and a bell schedule added on the laptop
        let scratch = try ScratchLibrary()
        let shared = scratch.folder + "/sync"
        let laptop = try device("laptop", in: scratch, shared: shared)
        let pi = try device("pi", in: scratch, shared: shared)
        let added = try laptop.add(bell)

        // When the Pi reads the shared folder
        #expect(try pi.mergeSchedules())
        let seen = try #require(try pi.schedules().first)

        // Then it lists it, named as the laptop's service's, and does not run it
        #expect(seen.uuid == added.uuid && seen.service == laptop.device && seen.times == bell.times)
        #expect(try pi.schedulesRunHere().isEmpty)
        #expect(try laptop.schedulesRunHere().map(\.uuid) == [added.uuid])

        // When the Pi pauses it, the laptop has it paused; when the Pi removes it, it is gone there too
        let until = Date(timeIntervalSince1970: 1_796_000_000)
        #expect(try pi.pauseSchedule(id: try #require(seen.id), until: until))
        #expect(try laptop.mergeSchedules())
        #expect(try laptop.schedules().first?.pausedUntil == until)
        #expect(try laptop.schedulesRunHere().first?.service == laptop.device)
        #expect(try pi.removeSchedule(id: try #require(seen.id)))
        #expect(try laptop.mergeSchedules())
        #expect(try laptop.schedules().isEmpty)
        // And each device wrote into its own folder only
        let folders = try FileManager.default.contentsOfDirectory(atPath: shared + "/schedules").sorted()
        #expect(folders == [laptop.device, pi.device].compactMap { $0 }.sorted())
        #expect(try !laptop.mergeSchedules())
    }

    @Test("a merge beside schedules being added never takes one out that another took in: their numbers stay in order")
    func mergeBesideAddsKeepsNumbers() throws {
        // Given one device's library opened twice, as the service's control thread and its
        // folder watcher each have it
        let scratch = try ScratchLibrary()
        let paths = LibraryPaths(folder: scratch.folder + "/box", history: scratch.folder + "/sync")
        let adder = try LibraryDatabase(paths: paths)
        let watcher = try LibraryDatabase(paths: paths)

        // When 150 schedules are added one by one while the other merges the folder over and over
        let done = DispatchSemaphore(value: 0)
        let merging = Thread { [watcher] in
            while done.wait(timeout: .now()) == .timedOut { _ = try? watcher.mergeSchedules() }
        }
        merging.start()
        var added: [String] = []
        var stopped = false
        defer { if !stopped { done.signal() } }
        for minute in 0..<150 {
            var entry = bell
            entry.times = .at(minute * 60)
            added.append(try #require(try adder.add(entry).uuid))
        }
        done.signal()
        stopped = true

        // Then each kept the number it was given, in the order they were added
        _ = try adder.mergeSchedules()
        let listed = try adder.schedules()
        #expect(listed.map(\.uuid) == added)
        #expect(listed.compactMap(\.id) == Array(1...150))
    }

    @Test("schedules kept before the shared folder are carried into this device's files, their numbers kept")
    func oldSchedulesCarried() throws {
        // Given a library whose schedules were kept in its database alone
        let scratch = try ScratchLibrary()
        let paths = LibraryPaths(folder: scratch.folder + "/old", history: scratch.folder + "/sync")
        let old = try LibraryDatabase(tracksOf: paths)
        let first = try old.add(bell)
        let second = try old.add(
            ScheduleEntry(action: .sit, options: "{\"minutes\":20}", times: .at(23_400), days: .all, over: false))
        #expect(first.uuid == nil && second.id == 2)

        // When it is opened with its shared folder
        let opened = try LibraryDatabase(paths: paths)

        // Then each has a UUID and a file of this device's, runs here, and keeps its number
        let carried = try opened.schedules()
        #expect(carried.map(\.id) == [1, 2])
        #expect(carried.allSatisfy { $0.uuid != nil && $0.service == opened.device })
        let files = try FileManager.default.contentsOfDirectory(
            atPath: scratch.folder + "/sync/schedules/" + (opened.device ?? "")
        )
        #expect(Set(files) == Set(carried.compactMap(\.uuid).map { $0 + ".json" }))
        // And another device sees both
        #expect(try device("pi", in: scratch, shared: scratch.folder + "/sync").schedules().count == 2)
    }

    @Test(
        "of two devices' versions the latest change wins; a writer behind the other's clock still wins with its next change"
    )
    func latestChangeWins() throws {
        // Given a shelf two devices write to, the laptop's clock a day ahead
        let scratch = try ScratchLibrary()
        let shelf = SyncedShelf<[String: String]>(folder: scratch.folder, kind: "presets")
        let laptop = String(repeating: "a", count: 32), pi = String(repeating: "b", count: 32)
        try shelf.write(key: "morning", value: ["minutes": "20"], device: laptop, host: "laptop", now: 1_800_000_000)

        // When the Pi, whose clock says a day earlier, saves the name again
        let piVersion = try shelf.write(
            key: "morning", value: ["minutes": "30"], device: pi, host: "pi", now: 1_799_913_600)

        // Then its version is the one read, as the later decision
        #expect(piVersion.changed > 1_800_000_000)
        #expect(shelf.values() == ["morning": ["minutes": "30"]])

        // When the laptop removes it, it is gone; a file half written or in the wrong folder is passed over
        try shelf.write(key: "morning", value: nil, device: laptop, host: "laptop", now: 1_800_000_100)
        try Data("{\"key\":\"evening\",\"dev".utf8).write(to: URL(fileURLWithPath: shelf.root + "/\(pi)/evening.json"))
        try Data(
            #"{"key":"night","device":"\#(laptop)","host":"x","changed":1,"value":{"minutes":"5"}}"#.utf8
        ).write(to: URL(fileURLWithPath: shelf.root + "/\(pi)/night.json"))
        #expect(shelf.values().isEmpty)
        #expect(shelf.read()["morning"]?.value == nil && shelf.read()["morning"]?.device == laptop)
    }
}
