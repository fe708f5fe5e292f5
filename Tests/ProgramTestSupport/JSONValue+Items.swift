import Control

// A reply's lists, read by position in the tests' expectations.
extension JSONValue {
    package subscript(index: Int) -> JSONValue? {
        guard case let .array(items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    package var arrayCount: Int? {
        guard case let .array(items) = self else { return nil }
        return items.count
    }
}
