/// Every message several places share, by key; `messageTable` declares each in both languages,
/// and a test checks that it holds every key.
package enum MessageKey: String, CaseIterable, Sendable {
    // The status line.
    case phaseCountdown, phaseSitting, phasePaused, phaseComplete, phaseEnded, phasePlaying, phaseSleeping
    /// The status line's word for a sleep's sitting phase: as short as the others.
    case phaseSleep
    case pageFallAsleep, pageSleep, pageSleepDetail, pageAddNote, pageSaveNote, pageNoteKept
    case startingIn, sitBeginsIn, timeLeft, nextBellIn, satTime, spaceResumes, keyHint, keyHintGuided
    // The end of a live session.
    case summaryComplete, summaryEndedEarly, summaryEndedEarlyOpen, notRecorded
    case notifySummary, notifyBody, notifyBodyStreak
    // A reminder to sit (a schedule's `remind`), on the desktop and the page.
    case reminderSummary, reminderSitNow, pageActionRemind, pageReminderLater, pageScheduleRemindAt
    case pageCourses, pageCourseDay
    case pageRecentSits, pageEdit, pageSave, pageCancel, pageEditSit, pageRemoveSit
    // One log line per event, without a terminal.
    case sitOpen, sitSoFar, eventStartOpen, eventWalk, eventSitAgain, phaseWalking, thenSit, thenWalk, segmentSit,
        segmentWalk, walkBed, walkBells, walkBedAndBells
    case eventCountdown, eventCountdownNoGong, eventStart, eventStartNoGong, eventBell, eventBellSoFar, eventCompletion,
        eventTrackEnded,
        eventTrackEndedSitBegins
    case eventMoved, eventPausedAt, eventPausedLeft, eventResumed, eventEndingEarly
    // Practice history and stats.
    case statsSessions, statsTotal, statsAverage, statsCurrentStreak, statsLongestStreak, oneDay, manyDays
    case heatLess, heatMore, monthNames, dayLabels
    case historyCompleted, historyEndedEarly, historySatOf, historyNoneYet, historyNoneInRange, historyImported,
        historyImportedSkipped
    case kindTimer, kindGuided, kindImported, kindSleep, kindManual
    case calendarName, calendarSummary
    case historyAdded, historyChanged, historyRemoveAsk, historyRemoved, historyKept
    case suspending, suspendFailed, eventSleepStart, eventSleepEnd, summarySleepComplete
    case sitMinutes, sitBellsEvery, sitBellsAt, sitBellsRandom, noiseWhite, noisePink, noiseBrown, noiseOcean, ambience,
        sitThen
    // Presets.
    case presetSaved, presetRemoved, presetNoneYet, configSet, configUnset, configNotSet
    // Errors.
    case errorPrefix
    // --version's second line.
    case versionLicence
    // The phone's page (Web/app.js reads these by the same keys from /messages.json).
    case pageTitle, pageNow, pageSit, pageLibrary, pagePractice, pageSchedule, pageViews, pageConnecting
    case pageReconnecting, pageIdle, pageHeld, pageOutputLost, pageTrackAt, pagePause, pageResume, pageEnd
    case pagePresets, pageNoPresets, pageYourSit, pageMinutes, pageInterval, pageNoBellsBetween, pageAddRecording,
        pageNoEnd, pageRounds, pageWalkMinutes,
        pageEachPart, pagePartSit, pagePartWalk,
        pageWalkBed, pageWalkBells, pageIntervalGong, pageLikeTheGong, pageEachGong, pageRoleStart, pageRoleInterval,
        pageRoleWalk, pageRoleTransition, pageRoleEnd, pageRoleSound, pageRoleVolume, pageRoleStrikes,
        pageBells,
        pageBellVolume, pageAsLoud, pageSofter, pageSoftest,
        pageBellsRegular,
        pageBellsRandom, pageRandomFrom, pageRandomTo, pageRandomNone, pageFewer
    case pageMore, pageNoise, pageSilence, pageGong, gongBowl, gongGong, gongBell, pageStart, pageNoTracks,
        pageAmbience, pageNoAmbience
    case pageCalendarFeed, pageCalendarFeedHint
    case pageUnknownTeacher, pagePlay, pageThenSit, pageCalendar, pageDaySat, pageNothingScheduled, pageAdd,
        pageScheduleClash, pageScheduleClashes
    case pageRemove, pageRemoveSchedule, pageWhat, pageAt, pageDays, pageDaily
    case pageWeekdays, pageWeekend, pageActionSit, pageActionBell, pageScheduleAt, pageScheduleEvery, pageNext
    case pageActionForm, pageActionPreset, pageActionPlay, pagePreset, pageRecording, pageScheduleThisSit
    case pageScheduleSitAt, pageScheduleSitEvery
    case pageRepeat, pageOnce, pageRepeating, pageSat, pageSitAgain, pageLastSit, pageStartSit, pageBack, pageForward
    case pageBackLabel, pageForwardLabel, pageConfirmEnd, pageConfirmRemove
    case pagePauseToday, pagePausedToday, pagePauseScheduleToday, pageResumeSchedule, pageEvery, pageUntil
    case pageOnHost, pageOnAnotherDevice
    // Affirmations shown during a sit, one per line.
    case affirmations
}
