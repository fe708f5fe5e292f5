import Control
import Practice
import Settings

/// Turns a method's params into its typed request, and a refusal into `invalidParams` with
/// the one line the command line prints for the same value.
enum ParamsDecoder {
    static func decode<Request: Decodable>(_ type: Request.Type, _ params: JSONValue) throws(RPCError) -> Request {
        do {
            return try params.decode(as: type)
        } catch let refusal as RequestRefusal {
            throw .invalidParams(refusal.line)
        } catch {
            throw .invalidParams(FailureLine.line(for: error))
        }
    }
}
