let englishMessages: [MessageKey: String] = [
    .phaseCountdown: "countdown", .phaseSitting: "sitting", .phasePaused: "paused", .phaseComplete: "complete",
    .phaseEnded: "ended", .phasePlaying: "playing",
    .startingIn: "starting in {time}", .sitBeginsIn: "sit begins in {time}", .timeLeft: "{time} left",
    .nextBellIn: "next bell in {time}", .satTime: "sat {time}", .spaceResumes: "(space resumes)",
    .summaryComplete: "complete: sat {sat}", .summaryEndedEarly: "ended early: sat {sat} of {planned}",
    .notRecorded: "the session was not added to the history: {reason}",
    .eventCountdown: "countdown: {time} until the start gong", .eventStart: "start gong: sitting for {time}",
    .eventBell: "bell {number}: {time} left", .eventCompletion: "completion gong", .eventTrackEnded: "track ended",
    .eventTrackEndedSitBegins: "track ended: the sit begins in {time}", .eventMoved: "moved to {time}",
    .eventPausedAt: "paused at {time}", .eventPausedLeft: "paused at {time} left", .eventResumed: "resumed",
    .eventEndingEarly: "ending early",
    .statsSessions: "sessions", .statsTotal: "total", .statsAverage: "average",
    .statsCurrentStreak: "current streak", .statsLongestStreak: "longest streak",
    .oneDay: "1 day", .manyDays: "{count} days", .heatLess: "less", .heatMore: "more",
    .monthNames: "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec", .dayLabels: "Mon,,Wed,,Fri,,",
    .historyCompleted: "completed", .historySatOf: "{sat} of {planned}", .historyEndedEarly: "ended early",
    .historyNoneYet: "no sits recorded yet",
    .historyNoneInRange: "no sits recorded in that range", .historyImported: "imported {count} sits",
    .historyImportedSkipped: "imported {count} sits, {skipped} already in the history",
    .kindTimer: "timer", .kindGuided: "guided", .kindImported: "imported",
    .sitMinutes: "{minutes} min", .sitBellsEvery: "bells every {minutes} min", .sitBellsAt: "bells at {list} min",
    .noiseWhite: "white noise", .noisePink: "pink noise", .noiseBrown: "brown noise",
    .sitThen: "then {minutes} min sit",
    .presetSaved: "saved preset '{name}'; start it with `meditate {name}`",
    .presetNoneYet: "no presets yet (`meditate preset save NAME …`)",
    .errorPrefix: "error",
    .affirmations: """
    Breathe in, and know that you are breathing in.
    This moment is enough.
    Let thoughts come and go like clouds.
    Return to the breath, gently, as often as needed.
    Nothing to do, nowhere to go.
    Notice the body resting where it is.
    Each breath is a fresh start.
    Be kind to the mind that wanders.
    """
]
