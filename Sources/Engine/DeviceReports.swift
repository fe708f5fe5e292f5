import Outputs

/// What a `LiveEngine`'s output thread tells its control side of the device, behind a lock:
/// the device playing now (with its negotiated buffer), and why it failed for good, if it did.
struct DeviceReports {
    var summary: String
    var failure: OutputError?
}
