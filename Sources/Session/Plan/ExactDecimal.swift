/// A decimal number kept exactly, as numerator over a power of ten ("12.5" is 125/10), so that
/// event frames are computed in integers and rounded once, never accumulated in floating point.
public struct ExactDecimal: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let numerator: Int
    /// A power of ten.
    public let denominator: Int

    /// At most nine digits after the point; more precision than a frame needs.
    static let maxFractionDigits = 9

    /// `numerator / denominator`, with `denominator` a positive power of ten.
    public init(numerator: Int, denominator: Int) {
        precondition(
            denominator > 0 && String(denominator).dropFirst().allSatisfy { $0 == "0" }
                && String(denominator).hasPrefix("1"), "a denominator is a positive power of ten")
        self.numerator = numerator
        self.denominator = denominator
    }

    public init(_ integer: Int) {
        numerator = integer
        denominator = 1
    }

    /// Parses "20", "12.5", ".5", "-3" (no exponent, no thousands separators).
    public init?(_ text: String) {
        var digits = Substring(text.trimmingSpaces)
        var negative = false
        if digits.first == "-" || digits.first == "+" {
            negative = digits.first == "-"
            digits = digits.dropFirst()
        }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, parts.count <= 2 else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty),
            whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit),
            fraction.count <= Self.maxFractionDigits, whole.count <= 9
        else { return nil }
        var value = Int(whole) ?? 0
        var scale = 1
        for digit in fraction {
            value = value * 10 + (digit.wholeNumberValue ?? 0)
            scale *= 10
        }
        numerator = negative ? -value : value
        denominator = scale
    }

    public var isPositive: Bool { numerator > 0 }
    public var isNegative: Bool { numerator < 0 }

    /// `self × multiplier`, rounded to the nearest integer (halves away from zero).
    /// The product is taken in full width (24 hours to the ninth decimal at 192 kHz passes
    /// 2^63); the result is clamped to Int's range, which no validated plan comes near.
    public func rounded(times multiplier: Int) -> Int {
        let negative = (numerator < 0) != (multiplier < 0)
        let product = numerator.magnitude.multipliedFullWidth(by: multiplier.magnitude)
        let (low, carry) = product.low.addingReportingOverflow(UInt(denominator / 2))
        let high = product.high + (carry ? 1 : 0)
        let divisor = UInt(denominator)
        guard high < divisor else { return negative ? Int.min : Int.max }
        let quotient = divisor.dividingFullWidth((high: high, low: low)).quotient
        let magnitude = quotient > UInt(Int.max) ? Int.max : Int(quotient)
        return negative ? -magnitude : magnitude
    }

    public var doubleValue: Double { Double(numerator) / Double(denominator) }

    /// `self + other`, exactly; nil when the sum does not fit (far beyond any plan's lengths).
    public func adding(_ other: ExactDecimal) -> ExactDecimal? {
        let denominator = max(self.denominator, other.denominator)
        let (a, aOverflow) = numerator.multipliedReportingOverflow(by: denominator / self.denominator)
        let (b, bOverflow) = other.numerator.multipliedReportingOverflow(by: denominator / other.denominator)
        let (sum, sumOverflow) = a.addingReportingOverflow(b)
        guard !aOverflow, !bOverflow, !sumOverflow else { return nil }
        return ExactDecimal(numerator: sum, denominator: denominator)
    }

    // Cross products in full width: numerators reach 10^18 and denominators 10^9, whose
    // product a plain multiplication would trap on.
    public static func < (a: ExactDecimal, b: ExactDecimal) -> Bool {
        let left = a.numerator.multipliedFullWidth(by: b.denominator)
        let right = b.numerator.multipliedFullWidth(by: a.denominator)
        return (left.high, left.low) < (right.high, right.low)
    }

    public static func == (a: ExactDecimal, b: ExactDecimal) -> Bool {
        a.numerator.multipliedFullWidth(by: b.denominator) == b.numerator.multipliedFullWidth(by: a.denominator)
    }

    public func hash(into hasher: inout Hasher) {
        var n = numerator, d = denominator
        while d > 1 && n % 10 == 0 {
            n /= 10
            d /= 10
        }
        hasher.combine(n)
        hasher.combine(d)
    }

    public var description: String {
        let sign = numerator < 0 ? "-" : ""
        let magnitude = abs(numerator)
        guard denominator > 1 else { return sign + String(magnitude) }
        var fraction = String(magnitude % denominator)
        let width = String(denominator).count - 1
        fraction = String(repeating: "0", count: width - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = String(magnitude / denominator)
        return fraction.isEmpty ? sign + whole : sign + whole + "." + fraction
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    /// Index arithmetic on the string itself: reversed views are generic types the runtime
    /// instantiates on first use, each with a search of every protocol conformance in the
    /// program (1.7 million instructions of every launch).
    var trimmingSpaces: String {
        guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else {
            return ""
        }
        return String(self[first...last])
    }
}
