/// What a person does in one segment of a session: sit (zazen), or walk (kinhin) between sits.
public enum SegmentKind: String, Sendable, CaseIterable, Hashable {
    case sit
    case walk
}
