import Foundation
import GRDB

/// Courses in the library's database: each day's track by its content hash, and the progress
/// read from the history, which holds the hash of the track each guided sit played.
extension LibraryDatabase {
    static func registerCourseMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v9: courses, and the track a guided sit played") { db in
            try db.alter(table: "practice") { table in
                table.add(column: "track", .text).notNull().defaults(to: "")
            }
            try db.create(table: "course") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull().unique()
                table.column("startedAt", .double).notNull()
            }
            try db.create(table: "course_day") { table in
                table.column("course", .integer).notNull().references("course", onDelete: .cascade)
                table.column("number", .integer).notNull()
                table.column("track", .text).notNull()
                table.column("title", .text).notNull()
                table.column("duration", .double).notNull()
                table.primaryKey(["course", "number"])
            }
        }
    }

    /// Makes the course `name` of `tracks`, in their order, begun now; refused when a course of
    /// that name is there.
    public func createCourse(name: String, tracks: [Track], at now: Double) throws(LibraryError) -> Course {
        let made = try write { db -> Int64? in
            guard try Row.fetchOne(db, sql: "SELECT 1 FROM course WHERE name = ?", arguments: [name]) == nil else {
                return nil
            }
            try db.execute(sql: "INSERT INTO course (name, startedAt) VALUES (?, ?)", arguments: [name, now])
            let id = db.lastInsertedRowID
            for (index, track) in tracks.enumerated() {
                try db.execute(
                    sql: "INSERT INTO course_day (course, number, track, title, duration) VALUES (?, ?, ?, ?, ?)",
                    arguments: [id, index + 1, track.contentHash, track.title, track.duration])
            }
            return id
        }
        guard made != nil, let course = try course(named: name) else { throw .courseExists(name: name) }
        return course
    }

    /// Every course by name, each with its progress.
    public func courses() throws(LibraryError) -> [Course] {
        let names = try read { db in try String.fetchAll(db, sql: "SELECT name FROM course ORDER BY name") }
        var courses: [Course] = []
        for name in names {
            if let course = try course(named: name) { courses.append(course) }
        }
        return courses
    }

    /// The course `name` with its progress, or nil.
    public func course(named name: String) throws(LibraryError) -> Course? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT id, startedAt FROM course WHERE name = ?", arguments: [name])
            else { return nil }
            let id: Int64 = row["id"]
            let startedAt: Double = row["startedAt"]
            // A day is done once a guided sit since the start played its track to its end: the
            // sit completed, or its time reached the track's (a sit after it ended early).
            let days = try Row.fetchAll(
                db,
                sql: """
                    SELECT number, track, title, duration, EXISTS (
                        SELECT 1 FROM practice
                        WHERE practice.track = course_day.track AND practice.startedAt >= ?
                            AND (practice.completed OR practice.satSeconds >= course_day.duration - 1)
                    ) AS done
                    FROM course_day WHERE course = ? ORDER BY number
                    """, arguments: [startedAt, id]
            ).map { day in
                Course.Day(
                    number: day["number"], track: day["track"], title: day["title"], durationSeconds: day["duration"],
                    done: day["done"])
            }
            return Course(id: id, name: name, startedAt: startedAt, days: days)
        }
    }

    /// Begins the course again from now: the history stays, and counts no more for it. False
    /// when there is none of that name.
    public func resetCourse(named name: String, at now: Double) throws(LibraryError) -> Bool {
        try write { db in
            try db.execute(sql: "UPDATE course SET startedAt = ? WHERE name = ?", arguments: [now, name])
            return db.changesCount > 0
        }
    }

    /// Removes the course (not its tracks, not the history); false when there is none.
    public func removeCourse(named name: String) throws(LibraryError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM course WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    /// The library's track of `hash`, if it holds one.
    public func track(contentHash hash: String) throws(LibraryError) -> Track? {
        try read { db in try Track.filter(Column("contentHash") == hash).fetchOne(db) }
    }
}
