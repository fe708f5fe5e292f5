import Control
import Localization

/// The answers to the socket's requests: sent when a method returns, or later by the method
/// (a session being made ready answers when it starts), and kept within what a client is sent
/// at once.
///
/// Thread: control (the service's main thread).
final class ServiceReplies {
    /// The request being answered, and whether its answer comes later.
    private var answering: ServiceInbox.Job?
    private var answersLater = false

    /// The longest answer sent: half what a connection may hold unread
    /// (`ControlServer.maximumQueuedBytes`), leaving room for the events queued beside it.
    static let largestAnswerBytes = ControlServer.maximumQueuedBytes / 2

    /// Answers `job` with what `perform` returns or throws, unless `perform` took the answer
    /// over (`answerLater`).
    func answer(
        _ job: ServiceInbox.Job, by perform: (RPCRequest, ControlConnection) throws(RPCError) -> JSONValue
    ) {
        answering = job
        answersLater = false
        // Its refusals (and what it starts) in the words of the client's language.
        let outcome = Language.$requested.withValue(job.connection.language.flatMap(Language.init(rawValue:))) {
            () -> Result<JSONValue, RPCError> in
            do throws(RPCError) {
                return .success(try perform(job.request, job.connection))
            } catch {
                return .failure(error)
            }
        }
        answering = nil
        if answersLater { return }
        Self.reply(outcome, to: job)
    }

    /// Takes over the answer to the request being answered: what `answer` would have sent now
    /// is sent by the returned function, once, later.
    /// Thread: control, inside a method's handler.
    func answerLater() -> (Result<JSONValue, RPCError>) -> Void {
        guard let job = answering else { return { _ in } }
        answersLater = true
        return { outcome in Self.reply(outcome, to: job) }
    }

    /// Answers `job`, which then no longer counts against its connection's bound.
    private static func reply(_ outcome: Result<JSONValue, RPCError>, to job: ServiceInbox.Job) {
        // Counted against the connection's bound until done (`ControlConnection`).
        defer { job.connection.requestDone() }
        // A notification (no id) gets no reply, whatever happened.
        guard let id = job.request.id else { return }
        switch outcome {
        case let .success(result):
            let line = RPCMessage.result(result, id: id)
            // An answer past what a connection may hold unread would close it with no word:
            // the client is told instead. The methods keep theirs under it (`history.list`
            // leaves its oldest out); this is the net under them.
            guard line.utf8.count <= largestAnswerBytes else {
                let size = line.utf8.count / 1024
                let refusal = RPCError.failed(
                    localized(
                        "the answer would be \(size) KiB, more than the \(largestAnswerBytes / 1024) KiB a client is sent at once",
                        de:
                            "die Antwort wäre \(size) KiB groß, mehr als die \(largestAnswerBytes / 1024) KiB, die ein Client auf einmal bekommt"
                    ))
                job.connection.send(RPCMessage.error(refusal, id: id))
                return
            }
            job.connection.send(line)
        case let .failure(error): job.connection.send(RPCMessage.error(error, id: id))
        }
    }
}
