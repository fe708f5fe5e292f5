import Testing

@testable import Desktop

@Suite("a notification's body is markup: what a person wrote is escaped")
struct NotificationMarkupTests {
    @Test("ampersands, angle brackets and control characters are escaped; line ends stay")
    func bodyIsEscaped() {
        #expect(DesktopNotification.markupEscaped("tea & <b>sit</b>") == "tea &amp; &lt;b&gt;sit&lt;/b&gt;")
        #expect(DesktopNotification.markupEscaped("one\ntwo\u{1B}[2J") == "one\ntwo\\x1B[2J")
        #expect(DesktopNotification.markupEscaped("Time to sit") == "Time to sit")
    }
}
