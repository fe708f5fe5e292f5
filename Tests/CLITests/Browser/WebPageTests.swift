import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing
import WAVTestSupport

/// The phone's page in a real browser (headless Chromium at 360 px, through Selenium) against a
/// real `meditate serve --listen`: what a person taps, what the sink's monitor hears, and what
/// the page shows while the service and other clients act.
@Suite(
    "Web page", .serialized, .enabled(if: BrowserPage.available, "needs chromium, chromedriver and selenium"),
    .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
struct WebPageTests {
    let rate = 48_000

    @Test(
        "a sit started from the page with a bell half-way is heard on its frames, and the page counts down to complete",
    )
    func sitFromThePage() throws {
        // Given a paired phone on the Sit view, and the sink's monitor being recorded
        let fixture = try PageService(everywhere: true)
        defer { fixture.stop() }
        let (service, url, scratch) = (fixture.service, fixture.url, fixture.scratch)
        let page = try BrowserPage()
        try page.open(url + "#sit")
        try page.waitForText("#presets", containing: "evening")
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))

        // When a quarter-minute sit with a bell every eighth of a minute is started there
        try page.fill("#sit-minutes", "0.25")
        try page.fill("#sit-interval", "0.125")
        try page.send(["script": "document.getElementById('sit-gong').value = 'bell'"])
        try page.click("#sit-start")

        // Then the Now view follows it, its time left going down, to "complete"
        try page.waitForText("#now-phase", containing: "sitting", seconds: 15)
        let early = try page.text("#now-left")
        Thread.sleep(forTimeInterval: 3)
        let later = try page.text("#now-left")
        #expect(Self.seconds(early) > Self.seconds(later), "time left \(early), 3 s later \(later)")
        try page.waitForText("#now-phase", containing: "complete", seconds: 30)
        Thread.sleep(forTimeInterval: 0.5)
        let samples = try capture.stop()

        // And the start gong, the bell half-way and the completion gong are 7.5 s apart (±30 ms)
        let onsets = strikeOnsets(samples, rate: rate)
        try #require(onsets.count == 3, "onsets at \(onsets.map { Double($0) / Double(rate) })")
        for (onset, expected) in zip(onsets.dropFirst(), [7.5, 15.0]) {
            let seconds = Double(onset - onsets[0]) / Double(rate)
            #expect(abs(seconds - expected) <= 0.030, "gong at \(seconds) s, planned \(expected) s")
        }
        // And the history has it, completed
        let history = try service.history()
        #expect(history[0]?["completed"] == true, "\(history)")
    }

    @Test("a sit started from the page 1 s after the last one's completion gong starts at once, on its frames")
    func nextSitFromThePageDuringTheRingOut() throws {
        // Given a sit of 6 s started from the page, and the sink's monitor being recorded
        let fixture = try PageService()
        defer { fixture.stop() }
        let (url, scratch) = (fixture.url, fixture.scratch)
        let page = try BrowserPage()
        try page.open(url + "#sit")
        try page.waitForText("#presets", containing: "evening")
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))
        try page.fill("#sit-minutes", "0.1")
        try page.send(["script": "document.getElementById('sit-gong').value = 'bell'"])
        try page.click("#sit-start")
        try page.waitForText("#now-phase", containing: "complete", seconds: 20)
        let completed = Date()

        // When, 1 s after its completion gong, while it rings out, another is started there
        Thread.sleep(forTimeInterval: 1)
        _ = try page.script("location.hash = '#sit'")
        try page.fill("#sit-minutes", "0.1")
        try page.send(["script": "document.getElementById('sit-gong').value = 'bell'"])
        try page.click("#sit-start")

        // Then the page follows the new sit through its countdown, still shows it sitting once
        // the first has rung out (its end announced about 7 s after its gong), and to complete
        try page.waitForText("#now-phase", containing: "sitting", seconds: 10)
        Thread.sleep(forTimeInterval: max(0, 8 - Date().timeIntervalSince(completed)))
        let afterTheRingOut = try page.text("#now-phase")
        #expect(afterTheRingOut.contains("sitting"), "\(afterTheRingOut)")
        try page.waitForText("#now-phase", containing: "complete", seconds: 20)
        Thread.sleep(forTimeInterval: 0.5)
        let samples = try capture.stop()

        // And the monitor holds both sits' gongs: each completion 6 s after its start gong
        // (±30 ms), the second start gong heard during the first's ring-out
        let onsets = strikeOnsets(samples, rate: rate).map { Double($0) / Double(rate) }
        try #require(onsets.count == 4, "onsets at \(onsets)")
        #expect(abs(onsets[1] - onsets[0] - 6) <= 0.030, "\(onsets)")
        #expect(abs(onsets[3] - onsets[2] - 6) <= 0.030, "\(onsets)")
        let handOver = onsets[2] - onsets[1]
        #expect(handOver < 5, "the second start gong came \(handOver) s after the first's end")
        // And the history holds both, completed
        let history = try fixture.service.history()
        #expect(history[0]?["completed"] == true && history[1]?["completed"] == true, "\(history.line)")
    }

    @Test(
        "a pause from the page is heard within the latency and shown; a resume from the terminal appears without a reload",
    )
    func pauseFromThePageResumeFromTheTerminal() throws {
        // Given a sit with a white-noise bed, followed by the page, and the monitor recorded
        let fixture = try PageService()
        defer { fixture.stop() }
        let (service, url, scratch) = (fixture.service, fixture.url, fixture.scratch)
        let page = try BrowserPage()
        try page.open(url)
        try page.waitForText("#now-description", containing: "Nothing")
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))
        let recording = Date()
        _ = try service.client().call(
            "sit.start", ["minutes": 2, "noise": "white", "noise-volume": 0.3, "countdown": 0])
        try page.waitForText("#now-phase", containing: "sitting", seconds: 10)
        Thread.sleep(forTimeInterval: 2)

        // When the page's pause is tapped
        let tapped = Date().timeIntervalSince(recording)
        try page.click("#pause")

        // Then the page says paused, and offers resume
        try page.waitForText("#now-phase", containing: "paused", seconds: 5)
        #expect(try page.text("#resume") == "Resume")
        Thread.sleep(forTimeInterval: 1.5)

        // When `meditate ctl resume` is typed in a terminal
        let resumed = try CLIRunner.run(["ctl", "resume", "--socket", service.socket])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let typed = Date().timeIntervalSince(recording)

        // Then the page shows it without a reload
        try page.waitForText("#now-phase", containing: "sitting", seconds: 5)
        #expect(try page.text("#pause") == "Pause")
        Thread.sleep(forTimeInterval: 1.5)
        _ = try service.client().call("stop")
        let samples = try capture.stop()

        // And the capture fell silent within the latency (300 ms, the 120 ms fade, and the
        // page's own round trip: 1 s) of the tap, and the noise came back after the resume
        let envelope = noiseEnvelope(samples, rate: rate)
        let window = 0.01
        let level = envelope[Int((tapped - 1.5) / window)..<Int((tapped - 0.5) / window)].max() ?? 0
        #expect(level > 0.05, "no noise before the pause (\(level))")
        let silent = envelope.indices.first { Double($0) * window > tapped - 0.5 && envelope[$0] < 0.01 * level }
        let fell = try #require(silent, "the noise never stopped")
        #expect(Double(fell) * window - tapped <= 1.0, "silent \(Double(fell) * window - tapped) s after the tap")
        let back = envelope.indices.first { Double($0) * window > Double(fell) * window && envelope[$0] > 0.5 * level }
        let rose = try #require(back, "the noise never came back")
        #expect(Double(rose) * window >= typed - 1.0, "the noise came back before the resume was typed")
    }

    @Test("when the connection drops the page says it is reconnecting, and then shows the true phase")
    func reconnectsAfterTheConnectionDrops() throws {
        // Given the page following a service on a port of its own
        let port = try LoopbackTCP.freePort()
        let fixture = try PageService(port: port)
        defer { fixture.stop() }
        let (service, url) = (fixture.service, fixture.url)
        let page = try BrowserPage()
        try page.open(url)
        try page.waitForText("#now-description", containing: "Nothing")

        // When the service's listener goes away (the service stops)
        service.stop()

        // Then the page says so
        try page.waitForText("#connection", containing: "reconnecting", seconds: 10)

        // When it is back, and a sit was started meanwhile from the terminal
        try service.restart()
        _ = try service.client().call("sit.start", ["minutes": 5, "countdown": 0])

        // Then the page is connected again and shows the sit, without a reload
        try page.waitForText("#now-phase", containing: "sitting", seconds: 20)
        #expect(try page.text("#connection") == "")
        #expect(try page.text("#now-description").contains("5 min"))
        #expect(try page.script("return performance.getEntriesByType('navigation').length") == 1)

        // When the service stops answering without closing anything (a connection dead
        // unawares, as after a phone's sleep), and the page is looked at again
        kill(service.process.processIdentifier, SIGSTOP)
        try page.send(["script": "document.dispatchEvent(new Event('visibilitychange'))"])

        // Then within 3 s it gives the connection up and says so; once the service answers
        // again it shows the sit, still playing
        try page.waitForText("#connection", containing: "reconnecting", seconds: 6)
        // (and while it reconnects it shows no figure that might be stale: no time left, no
        // next bell counted on from before)
        let shown = try page.script(
            "return ['now-left', 'now-next', 'now-phase'].map((id) => document.getElementById(id).textContent)")
        #expect(shown == ["", "", ""], "\(shown.line)")
        kill(service.process.processIdentifier, SIGCONT)
        try page.waitForText("#now-phase", containing: "sitting", seconds: 15)
        try page.waitForText("#now-description", containing: "5 min")
        #expect(try page.text("#connection") == "")
    }

    @Test("off loopback the page needs the token: none or a wrong one is 401 and empty, another origin 403")
    func pageNeedsTheToken() throws {
        // Given a service listening on every address, with a sit playing
        let fixture = try PageService(everywhere: true)
        defer { fixture.stop() }
        let (service, url) = (fixture.service, fixture.url)
        _ = try service.client().call("sit.start", ["minutes": 5, "countdown": 0])
        let port = try #require(Int(url.split(separator: ":")[2].split(separator: "/")[0]))
        let token = String(url.split(separator: "=").last ?? "")

        // When the page is asked for without the token, with a wrong one, from another origin, and with it
        let none = try WebSocketTestClient(port: port, target: "/", upgrade: false)
        let wrong = try WebSocketTestClient(
            port: port, target: "/?token=\(String(repeating: "0", count: 32))", upgrade: false)
        let script = try WebSocketTestClient(port: port, target: "/app.js", upgrade: false)
        let foreign = try WebSocketTestClient(
            port: port, target: "/?token=\(token)", headers: ["Origin": "http://evil.example"], upgrade: false)
        let paired = try WebSocketTestClient(port: port, target: "/?token=\(token)", upgrade: false)

        // Then the refusals carry nothing but their status
        #expect(none.status == 401)
        #expect(wrong.status == 401)
        #expect(script.status == 401)
        #expect(foreign.status == 403)
        for refused in [none, wrong, script, foreign] {
            #expect(refused.head.contains("content-length: 0"), "\(refused.head)")
            #expect(!refused.head.lowercased().contains("set-cookie"))
        }
        // And the token gets the page, and a cookie that only the server reads
        #expect(paired.status == 200)
        #expect(paired.head.lowercased().contains("set-cookie: token=\(token); path=/"), "\(paired.head)")
        #expect(paired.head.lowercased().contains("httponly"))
        #expect(paired.head.lowercased().contains("content-security-policy"))

        // And in a browser, without the token nothing of the sit shows; with it the sit does,
        // and the token is gone from the address
        let page = try BrowserPage()
        try page.open("http://127.0.0.1:\(port)/")
        let refused = try page.script("return document.body.innerText").stringValue ?? ""
        #expect(try page.script("return document.getElementById('now-phase') === null") == true)
        #expect(refused.contains("401") && !refused.contains("5 min") && !refused.contains("sitting"), "\(refused)")
        try page.open(url)
        try page.waitForText("#now-phase", containing: "sitting", seconds: 10)
        #expect(try page.script("return location.search") == "")
        #expect(try page.script("return document.cookie") == "", "the script reads the token")
    }

    @Test("every view, dark and light, has no WCAG A or AA violation that axe-core finds")
    func everyViewIsAccessible() throws {
        // Given a service with a guided track, a preset, a schedule and a sit in its history
        let fixture = try PageService()
        defer { fixture.stop() }
        let url = fixture.url
        try addTrackAndSchedule(to: fixture)
        for scheme in ["dark", "light"] {
            let page = try BrowserPage(scheme: scheme)
            for view in ["now", "sit", "library", "practice", "schedule"] {
                // When the view is shown with its data
                try page.open(url + "#" + view)
                try waitUntilLoaded(page)

                // Then axe finds nothing
                let violations = try page.accessibilityViolations()
                #expect(violations.isEmpty, "\(view), \(scheme): \(violations.map(\.line))")
            }
        }
    }

    @Test("with the browser's language German, every view's text is German")
    func germanBrowser() throws {
        // Given a service with some data, and a browser whose language is German
        let fixture = try PageService()
        defer { fixture.stop() }
        let (service, url) = (fixture.service, fixture.url)
        try addTrackAndSchedule(to: fixture)
        let page = try BrowserPage(language: "de")
        for view in ["now", "sit", "library", "practice", "schedule"] {
            // When the view is shown
            try page.open(url + "#" + view)
            try waitUntilLoaded(page)

            // Then every text from the catalogue is the German one, and the page says it is German
            #expect(try page.script("return document.documentElement.lang") == "de")
            let wrong = try page.script(
                """
                const request = new XMLHttpRequest();
                request.open('GET', 'messages.json', false);
                request.send();
                const words = JSON.parse(request.responseText);
                return [...document.querySelectorAll('[data-text]')]
                  .filter(e => e.textContent !== words.de[e.dataset.text])
                  .map(e => e.dataset.text + ': ' + e.textContent);
                """)
            #expect(wrong == [], "\(view): \(wrong.line)")
        }
        // And what the page writes itself is German too
        try page.open(url + "#practice")
        try waitUntilLoaded(page)
        let totals = try page.text("#totals")
        #expect(totals.contains("Sitzungen") && totals.contains("Tage"), "\(totals)")
        // And the calendar is offered with its own token, never the pairing one
        try page.waitForText("#feed", containing: "/history.ics?token=")
        let feed = try page.text("#feed")
        let feedToken = feed.split(separator: "?token=").last.map { String($0.prefix { $0.isHexDigit }) } ?? ""
        #expect(feedToken.count == 32 && !url.contains(feedToken), "\(feed) \(url)")
        try page.open(url + "#now")
        try page.waitForText("#now-description", containing: "Es läuft nichts")
        // And a sit the (English) service describes is said in German, from its message keys
        _ = try service.client().call("sit.start", ["minutes": 7.5, "interval": 2.5, "noise": "pink"])
        try page.waitForText("#now-description", containing: "7 min 30 s, Glocke alle 2 min 30 s, rosa Rauschen")
        try page.waitForText("#now-phase", containing: "Vorlauf")
        // And the service's refusal of a second sit comes in German
        try page.open(url + "#sit")
        try waitUntilLoaded(page)
        try page.click("#sit-start")
        try page.waitForText("#sit-error", containing: "ein Sitzen läuft")
        _ = try service.client().call("stop")
        try page.open(url + "#schedule")
        try page.waitForText("#schedules", containing: "täglich")
    }

    @Test(
        "the Sit form says what no interval means, and with an empty library how a recording becomes the background"
    )
    func sitFormSaysWhatNothingMeans() throws {
        // Given the Sit form of a service with an empty library
        let fixture = try PageService()
        defer { fixture.stop() }
        let page = try BrowserPage()
        try page.open(fixture.url + "#sit")
        try waitUntilLoaded(page)
        // Then its interval of 0 says there are no bells between the gongs
        try page.waitForText("#sit-interval-none", containing: "0: no bells between the gongs")
        // And where a recording would be chosen, one line says how to add one, and no empty choice shows
        try page.waitForText("#sit-ambience-add", containing: "meditate library import FOLDER")
        #expect(try page.script("return document.getElementById('sit-ambience').hidden") == true)
        // When bells every 5 minutes are asked for, then the note is gone
        try page.fill("#sit-interval", "5")
        #expect(try page.text("#sit-interval-none") == "")
    }

    @Test(
        "random bells in a sit too short for any: the Sit form says so as it is set, in English and German, and no more once one can ring"
    )
    func randomBellsThatCannotRingAreSaid() throws {
        // Given the Sit form, in each language
        let fixture = try PageService()
        defer { fixture.stop() }
        for (language, words) in [
            ("en", "No bell can ring in this sit: none rings in its last minute"),
            ("de", "In diesem Sitzen kann keine Glocke läuten: in der letzten Minute läutet keine")
        ] {
            let page = try BrowserPage(language: language)
            try page.open(fixture.url + "#sit")
            try waitUntilLoaded(page)
            // When random bells at least a minute apart are chosen for a 1-minute sit
            try page.send(["script": "document.querySelector('input[name=bells-kind][value=random]').click()"])
            try page.fill("#sit-random-min", "1")
            try page.fill("#sit-minutes", "1")
            // Then the form says that none can ring, and why
            try page.waitForText("#sit-random-none", containing: words)
            // And once the sit is long enough for one, it says nothing of it
            try page.fill("#sit-minutes", "5")
            #expect(try page.text("#sit-random-none") == "", "\(language)")
        }
    }

    @Test(
        "on the German page a schedule's time is written and listed in 24 hours, whatever the browser's locale writes")
    func germanTimesIn24Hours() throws {
        // Given a German page's Schedule view
        let fixture = try PageService()
        defer { fixture.stop() }
        let (service, url) = (fixture.service, fixture.url)
        let page = try BrowserPage(language: "de")
        try page.open(url + "#schedule")
        try page.waitForText("#schedules", containing: "Nichts geplant")

        // Then its time is a field of text holding 06:30, not a time input in the browser's
        // locale (which may write 06:30 AM), and how often reads beside "täglich" as one
        let field = try page.script(
            "const e = document.getElementById('schedule-at'); return [e.type, e.value, e.placeholder]")
        #expect(field == ["text", "06:30", "HH:MM"], "\(field.line)")
        #expect(try page.text("#schedule-repeat").contains("einmal, zu dieser Zeit"))

        // When an evening bell at 21:15 is typed and added
        try page.send(["script": "document.getElementById('schedule-what').value = 'bell'"])
        try page.fill("#schedule-at", "21:15")
        try page.click("button[type=submit][form=schedule-form]")

        // Then the service has it at 21:15, and the page lists it so
        try page.waitForText("#schedules", containing: "21:15")
        let added = try service.client().call("schedule.list")["schedules"]?[0]
        #expect(added?["at"] == "21:15", "\(added?.line ?? "")")
        #expect(!(try page.text("#schedules")).contains("PM"))
    }

    @Test("a guided track played from the Library view, with a sit after it, shows on the Now view with its title")
    func trackFromTheLibrary() throws {
        // Given a library with one track, seen on the page's Library view
        let fixture = try PageService()
        defer { fixture.stop() }
        let (service, url) = (fixture.service, fixture.url)
        try addTrackAndSchedule(to: fixture)
        let page = try BrowserPage()
        try page.open(url + "#library")
        try waitUntilLoaded(page)
        #expect(try page.text("#tracks").contains("Ajahn Test"), "grouped by its teacher")

        // When it is played with a 1-minute sit after it
        try page.fill("#library-then", "1")
        try page.click("#tracks button")

        // Then the Now view shows it playing, by its title and the sit after it, and the
        // service plays that
        try page.waitForText("#now-phase", containing: "playing", seconds: 10)
        let description = try page.text("#now-description")
        #expect(description.contains("Breathing") && description.contains("1 min"), "\(description)")
        let status = try service.client().call("status")
        #expect(status["session"]?["kind"] == "guided")
        // And −15 s / +15 s are offered while it plays: back from 0:03 takes it to its start
        try page.waitForText("#now-track", containing: "0:03 ", seconds: 10)
        #expect(try page.text("#seek-forward") == "+15 s")
        try page.click("#seek-back")
        try page.waitForText("#now-track", containing: "0:00 ", seconds: 5)
        _ = try service.client().call("stop")
    }

    @Test("on the Schedule view a series of bells is added, paused for today and removed, as the service keeps them")
    func scheduleFromThePage() throws {
        // Given the page's Schedule view on a service with no schedule
        let fixture = try PageService()
        defer { fixture.stop() }
        let (service, url) = (fixture.service, fixture.url)
        let page = try BrowserPage()
        try page.open(url + "#schedule")
        try page.waitForText("#schedules", containing: "Nothing scheduled")

        // When bells every 60 minutes from 09:00 to 17:00 on weekdays are added
        try page.send(["script": "document.getElementById('schedule-what').value = 'bell'"])
        try page.send(
            [
                "script": """
                document.getElementById('schedule-repeat').value = 'every';
                document.getElementById('schedule-repeat').dispatchEvent(new Event('change'));
                """
            ])
        try page.fill("#schedule-every", "60")
        try page.send(
            [
                "script": """
                document.getElementById('schedule-at').value = '09:00';
                document.getElementById('schedule-until').value = '17:00';
                document.getElementById('schedule-days').value = 'mon-fri';
                """
            ])
        try page.click("button[type=submit][form=schedule-form]")

        // Then the page lists it in words, its times as the browser's locale writes every time,
        // and the service has it
        try page.waitForText(
            "#schedules", containing: "a bell every 1 h from 09:00 AM to 05:00 PM, Monday to Friday")
        let added = try service.client().call("schedule.list")["schedules"]?[0]
        #expect(
            added?["every"] == 60 && added?["from"] == "09:00" && added?["days"] == "mon-fri", "\(added?.line ?? "")")

        // When the same series is added again, then it is added, and the page says which one it
        // meets and when (the service then takes the second away again)
        try page.click("button[type=submit][form=schedule-form]")
        try page.waitForText(
            "#schedule-error",
            containing: "Schedule 1 sounds at 09:00 AM too: when both are due, one of them is skipped.")
        #expect(try service.client().call("schedule.list")["schedules"]?.arrayCount == 2)
        // And added a third time, it names both in one sentence
        try page.click("button[type=submit][form=schedule-form]")
        try page.waitForText(
            "#schedule-error",
            containing: "Schedules 1 and 2 sound at 09:00 AM too: when they are due together, only one of them plays.")
        _ = try service.client().call("schedule.remove", ["id": 2])
        _ = try service.client().call("schedule.remove", ["id": 3])

        // When it is paused for today, then removed (each removal above re-draws the list when
        // its event comes: the button is clicked once the list stands)
        try clickOnceDrawn(page, "#schedules button")
        try page.waitForText("#schedules", containing: "paused for today")
        let paused = try service.client().call("schedule.list")["schedules"]?[0]?["pausedUntil"]?.numberValue
        try page.click("#schedules button:last-child")
        // (Remove asks once: the first tap keeps it)
        try page.waitForText("#schedules button:last-child", containing: "Remove?")
        #expect(try service.client().call("schedule.list")["schedules"]?.arrayCount == 1)
        try page.click("#schedules button:last-child")

        // Then the service paused it until the end of today, and then has none
        #expect((paused ?? 0) > Date().timeIntervalSince1970, "not paused")
        try page.waitForText("#schedules", containing: "Nothing scheduled")
        #expect(try service.client().call("schedule.list")["schedules"]?.arrayCount == 0)
    }

    // MARK: Helpers

    /// Imports an 8-second tone as a guided track, adds a daily sit at 06:30, and records a sit
    /// (ended early at once).
    func addTrackAndSchedule(to fixture: PageService) throws {
        let service = fixture.service
        let track = fixture.scratch.path("Ajahn Test - Breathing.wav")
        let samples = (0..<(8 * rate)).flatMap { frame -> [Float] in
            let value = Float(0.2 * sin(2 * Double.pi * 440 * Double(frame) / Double(rate)))
            return [value, value]
        }
        try writeFloatWAV(path: track, samples: samples, sampleRate: rate, channels: 2)
        let imported = try CLIRunner.run(["library", "import", track], environment: ["XDG_DATA_HOME": service.data])
        #expect(imported.status == 0, "\(imported.stderr)")
        _ = try service.client().call(
            "schedule.add", ["action": "sit", "at": "06:30", "options": ["minutes": 20]])
        let events = try service.subscriber()
        _ = try service.client().call("sit.start", ["minutes": 1, "countdown": 0])
        _ = try service.client().call("stop")
        while let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            if event["event"] == "session-ended" { break }
        }
    }

    /// Waits until the page has its data: connected, and the lists drawn.
    func waitUntilLoaded(_ page: BrowserPage) throws {
        for _ in 0..<100 {
            let loaded = try page.script(
                """
                return document.getElementById('connection').textContent === ''
                  && document.getElementById('totals').children.length > 0
                  && document.getElementById('schedules').children.length > 0
                  && document.getElementById('tracks').children.length > 0
                """)
            if loaded == true { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("the page did not load its data")
    }

    /// "1:23" → 83.
    static func seconds(_ clock: String) -> Int {
        clock.split(separator: ":").reduce(0) { $0 * 60 + (Int($1) ?? 0) }
    }

    /// Clicks `css`, again if the page re-drew it between finding and clicking it (a list the
    /// service's events re-draw), up to 5 times.
    private func clickOnceDrawn(_ page: BrowserPage, _ css: String) throws {
        for _ in 0..<4 {
            do {
                return try page.click(css)
            } catch let failure as BrowserPage.Failure where failure.description.contains("stale element") {
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
        try page.click(css)
    }
}
