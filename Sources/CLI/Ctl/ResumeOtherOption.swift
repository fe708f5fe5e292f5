import ArgumentParser
import Control
import Settings

/// `--resume-other` of `ctl sit` and `ctl play`: the session this one holds resumes when it ends.
struct ResumeOtherOption: ParsableArguments {
    @Flag(
        name: .customLong("resume-other"),
        help: .localized(
            "When this session ends, resume the one it paused (a sit or a guided track).",
            de: "Setzt, wenn diese Sitzung endet, die fort, die sie pausiert hat (Sitzen oder geführte Aufnahme)."))
    var resumeOther = false

    /// `params` with `"resume": true` when the flag is given.
    func adding(to params: JSONValue) -> JSONValue {
        guard resumeOther, case var .object(members) = params else { return params }
        members["resume"] = true
        return .object(members)
    }
}
