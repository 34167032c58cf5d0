/// One kind of local time a zone keeps: its offset from UTC, whether it is daylight-saving time, and the
/// abbreviation a clock shows (`EEST`, `+0530`).
public struct LocalTimeType: Hashable, Sendable {
    /// Seconds east of UTC: local = UTC + offset.
    public let utcOffsetSeconds: Int
    public let isDaylightSaving: Bool
    public let abbreviation: String
    public init(utcOffsetSeconds: Int, isDaylightSaving: Bool, abbreviation: String) {
        self.utcOffsetSeconds = utcOffsetSeconds
        self.isDaylightSaving = isDaylightSaving
        self.abbreviation = abbreviation
    }
}

/// A time zone's rules, read from the tz database's compiled file (TZif, RFC 8536) — the zone a GTFS feed
/// names in `agency_timezone`.
///
/// A pure value like the rest of the model: it is made from the file's bytes (`init(tzif:)`, in
/// TimeZoneRules+TZif.swift), opens nothing, reads no clock, and answers the same on every host and
/// architecture. Instants are Unix seconds (Int64); every one, Int64.min and Int64.max included, has an answer.
public struct TimeZoneRules: Hashable, Sendable {
    /// Transition instants, strictly ascending.
    let transitions: [Int64]
    /// The index into `types` of the type in force from each transition until the next.
    let typeIndices: [Int]
    /// The file's local time types; never empty. Type 0 is in force before the first transition (RFC 8536).
    let types: [LocalTimeType]
    /// The rule after the last transition (and for all time when there is none), from the footer; nil when the
    /// file has none (version 1) or an empty one, and then the last transition's type simply goes on.
    public let footer: PosixTimeZoneRule?
    /// The least and greatest offset any type or the footer can give, which bound where a wall time's instants
    /// can lie.
    let offsetBounds: ClosedRange<Int>

    init(transitions: [Int64], typeIndices: [Int], types: [LocalTimeType], footer: PosixTimeZoneRule?) {
        self.transitions = transitions
        self.typeIndices = typeIndices
        self.types = types
        self.footer = footer
        var offsets = types.map(\.utcOffsetSeconds)
        if let footer {
            offsets.append(footer.standard.utcOffsetSeconds)
            if let dst = footer.daylightSaving { offsets.append(dst.time.utcOffsetSeconds) }
        }
        offsetBounds = (offsets.min() ?? 0)...(offsets.max() ?? 0)
    }

    /// The local time type (offset, DST flag, abbreviation) in force at a Unix time.
    public func localTimeType(atUnixSeconds unix: Int64) -> LocalTimeType {
        guard let last = transitions.last else { return footer?.localTimeType(atUnixSeconds: unix) ?? types[0] }
        if unix < transitions[0] { return types[0] }
        if unix > last, let footer { return footer.localTimeType(atUnixSeconds: unix) }
        return types[typeIndices[firstTransitionIndex(after: unix) - 1]]
    }

    /// The index of the first transition later than `unix` (`transitions.count` when there is none), by binary
    /// search: a file may list thousands.
    func firstTransitionIndex(after unix: Int64) -> Int {
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = low + (high - low) / 2
            if transitions[middle] <= unix { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The UTC offset in force at a Unix time, in seconds east of UTC.
    public func utcOffset(atUnixSeconds unix: Int64) -> Int { localTimeType(atUnixSeconds: unix).utcOffsetSeconds }

    /// Every instant at which the zone's clock shows a wall time.
    ///
    /// `localSeconds` is the wall time counted like Unix time but on the local calendar: seconds since
    /// 1970-01-01 00:00 local (`KyivTime.daysFromCivil(…) * 86_400 + seconds of the day`). The answer is the
    /// facts, not a choice: which instant a skipped or repeated wall time should mean is the caller's rule. The
    /// model's rule for Kyiv (`KyivTime.unixSeconds`, docs/decisions.md "Time") takes the earlier instant of a
    /// repeated wall time, and reads a skipped one on the clock before the gap (`localSeconds −
    /// gap.offsetBefore`, which shifts it forward by the size of the gap); a caller that must agree with Kyiv
    /// time does the same.
    public func instants(ofLocalSeconds local: Int64) -> WallTimeInstants {
        // An instant showing `local` lies `offset` before it, and every offset is within `offsetBounds`.
        let windowStart = Self.saturatingSubtract(local, offsetBounds.upperBound)
        let windowEnd = Self.saturatingSubtract(local, offsetBounds.lowerBound)
        var pieces = [(at: windowStart, type: localTimeType(atUnixSeconds: windowStart))]
        pieces += changes(after: windowStart, through: windowEnd)
        var found: [Int64] = []
        for (index, piece) in pieces.enumerated() {
            let (candidate, overflow) = local.subtractingReportingOverflow(Int64(piece.type.utcOffsetSeconds))
            guard !overflow, candidate >= piece.at else { continue }
            if index + 1 < pieces.count ? candidate < pieces[index + 1].at : candidate <= windowEnd {
                found.append(candidate)
            }
        }
        if found.count == 1 { return .once(found[0]) }
        if found.count > 1 { return .repeated(found) }
        for index in pieces.indices.dropFirst() {
            let before = pieces[index - 1].type.utcOffsetSeconds
            let after = pieces[index].type.utcOffsetSeconds
            let (sinceChange, overflow) = local.subtractingReportingOverflow(pieces[index].at)
            if !overflow, Int64(before) <= sinceChange, sinceChange < Int64(after) {
                return .skipped(ClockGap(transition: pieces[index].at, offsetBefore: before, offsetAfter: after))
            }
        }
        return .unrepresentable
    }

    /// The moments in `after < t ≤ through` at which the local time type changes, earliest first, from the
    /// table and then from the footer.
    func changes(after start: Int64, through end: Int64) -> [(at: Int64, type: LocalTimeType)] {
        guard start < end else { return [] }
        var result: [(at: Int64, type: LocalTimeType)] = []
        var previous = localTimeType(atUnixSeconds: start)
        for index in firstTransitionIndex(after: start)..<transitions.count where transitions[index] <= end {
            let at = transitions[index]
            let type = types[typeIndices[index]]
            if type != previous { result.append((at: at, type: type)) }
            previous = type
        }
        guard let footer else { return result }
        // The footer rules from just after the last transition; where it disagrees with the last type, the
        // clock changes one second after that transition.
        let footerStart: Int64
        if let last = transitions.last {
            guard last < end else { return result }
            let firstFooterSecond = last + 1  // last < end ≤ Int64.max: cannot overflow
            if firstFooterSecond > start {
                let type = footer.localTimeType(atUnixSeconds: firstFooterSecond)
                if type != previous { result.append((at: firstFooterSecond, type: type)) }
                previous = type
            }
            footerStart = max(start, last)
        } else {
            footerStart = start
        }
        for change in footer.changes(after: footerStart, through: end) where change.type != previous {
            result.append(change)
            previous = change.type
        }
        return result
    }

    static func saturatingSubtract(_ value: Int64, _ seconds: Int) -> Int64 {
        let (result, overflow) = value.subtractingReportingOverflow(Int64(seconds))
        if overflow { return seconds > 0 ? .min : .max }
        return result
    }
}

/// The instants at which a zone's clock shows a wall time.
public enum WallTimeInstants: Hashable, Sendable {
    /// The wall time shows once: the usual case.
    case once(Int64)
    /// The wall time shows more than once, because the clock was set back over it: every instant, earliest
    /// first (two in every real zone).
    case repeated([Int64])
    /// The wall time never shows, because the clock was set forward over it.
    case skipped(ClockGap)
    /// The wall time lies within a day of Int64's ends, where its instant cannot be written as Unix seconds.
    case unrepresentable

    /// The instants, earliest first: none for a skipped wall time, two or more for a repeated one.
    public var candidates: [Int64] {
        switch self {
        case .once(let unix): return [unix]
        case .repeated(let all): return all
        case .skipped, .unrepresentable: return []
        }
    }
}

/// A forward step of a zone's clock, as far as a skipped wall time needs it.
public struct ClockGap: Hashable, Sendable {
    /// The Unix time of the step.
    public let transition: Int64
    /// The offset in force before it, seconds east of UTC.
    public let offsetBefore: Int
    /// The offset in force from it on: greater than `offsetBefore` by the size of the gap.
    public let offsetAfter: Int
    public init(transition: Int64, offsetBefore: Int, offsetAfter: Int) {
        self.transition = transition
        self.offsetBefore = offsetBefore
        self.offsetAfter = offsetAfter
    }
}
