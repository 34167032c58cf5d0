/// Arithmetic on nanoseconds that holds at the ends of `Int64` instead of trapping: no arithmetic on time may
/// trap, whatever a stored trip, a receiver or a clock says.
extension Int64 {
    /// `self + other`, held at the bounds instead of trapping.
    func saturatingPlus(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self - other`, held at the bounds instead of trapping.
    func saturatingMinus(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }

    /// `self × other`, held at the bounds instead of trapping.
    func saturatingTimes(_ other: Int64) -> Int64 {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) == (other < 0) ? .max : .min) : product
    }
}
