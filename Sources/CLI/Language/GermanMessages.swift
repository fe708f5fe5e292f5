let germanMessages: [MessageKey: String] = [
    .phaseCountdown: "Vorlauf", .phaseSitting: "Sitzen", .phasePaused: "Pause", .phaseComplete: "fertig",
    .phaseEnded: "beendet", .phasePlaying: "läuft",
    .startingIn: "Beginn in {time}", .sitBeginsIn: "Sitzen beginnt in {time}", .timeLeft: "noch {time}",
    .nextBellIn: "nächste Glocke in {time}", .satTime: "gesessen {time}", .spaceResumes: "(Leertaste: weiter)",
    .summaryComplete: "fertig: {sat} gesessen", .summaryEndedEarly: "vorzeitig beendet: {sat} von {planned} gesessen",
    .notRecorded: "die Sitzung wurde nicht ins Protokoll aufgenommen: {reason}",
    .eventCountdown: "Vorlauf: {time} bis zum Startgong", .eventStart: "Startgong: {time} Sitzen",
    .eventBell: "Glocke {number}: noch {time}", .eventCompletion: "Schlussgong", .eventTrackEnded: "Aufnahme zu Ende",
    .eventTrackEndedSitBegins: "Aufnahme zu Ende: das Sitzen beginnt in {time}", .eventMoved: "gesprungen zu {time}",
    .eventPausedAt: "Pause bei {time}", .eventPausedLeft: "Pause, noch {time}", .eventResumed: "weiter",
    .eventEndingEarly: "vorzeitiges Ende",
    .statsSessions: "Sitzungen", .statsTotal: "gesamt", .statsAverage: "Durchschnitt",
    .statsCurrentStreak: "aktuelle Serie", .statsLongestStreak: "längste Serie",
    .oneDay: "1 Tag", .manyDays: "{count} Tage", .heatLess: "weniger", .heatMore: "mehr",
    .monthNames: "Jan Feb Mär Apr Mai Jun Jul Aug Sep Okt Nov Dez", .dayLabels: "Mo,,Mi,,Fr,,",
    .historyCompleted: "vollständig", .historySatOf: "{sat} von {planned}", .historyEndedEarly: "vorzeitig",
    .historyNoneYet: "noch keine Sitzungen aufgezeichnet",
    .historyNoneInRange: "keine Sitzungen in diesem Zeitraum", .historyImported: "{count} Sitzungen importiert",
    .historyImportedSkipped: "{count} Sitzungen importiert, {skipped} waren schon im Protokoll",
    .kindTimer: "Timer", .kindGuided: "geführt", .kindImported: "importiert",
    .sitMinutes: "{minutes} min", .sitBellsEvery: "Glocke alle {minutes} min", .sitBellsAt: "Glocken bei {list} min",
    .noiseWhite: "weißes Rauschen", .noisePink: "rosa Rauschen", .noiseBrown: "braunes Rauschen",
    .sitThen: "danach {minutes} min Sitzen",
    .presetSaved: "Vorlage '{name}' gespeichert; starten mit `meditate {name}`",
    .presetNoneYet: "noch keine Vorlagen (`meditate preset save NAME …`)",
    .errorPrefix: "Fehler",
    .affirmations: """
    Einatmen, und wissen, dass du einatmest.
    Dieser Augenblick genügt.
    Lass Gedanken kommen und gehen wie Wolken.
    Kehre sanft zum Atem zurück, so oft es nötig ist.
    Nichts zu tun, nirgendwohin zu gehen.
    Spüre den Körper, der ruht, wo er ist.
    Jeder Atemzug ist ein neuer Anfang.
    Sei freundlich zum Geist, der wandert.
    """
]
