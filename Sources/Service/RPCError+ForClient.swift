import Control
import Outputs
import Practice

extension RPCError {
    /// What a client asked made into a session, or the one reason it was not: an output that
    /// will not open fails the request, a refusal stays one, and anything else is the client's
    /// params (a track not found, a value out of range). Sits, tracks and bells alike.
    static func forClient<Made>(_ make: () throws -> Made) throws(RPCError) -> Made {
        do {
            return try make()
        } catch let error as OutputError {
            throw .failed(FailureLine.line(for: error))
        } catch let error as RPCError {
            throw error
        } catch {
            throw .invalidParams(FailureLine.line(for: error))
        }
    }
}
