import MetroModel

/// What is wrong with a feed, apart from where: `FeedError` adds the file, line and field.
public enum FeedProblem: Sendable, Equatable {
    /// A file GTFS requires (or the import needs) is not in the feed.
    case missingFile
    /// Neither `calendar.txt` nor `calendar_dates.txt`: nothing says on which days trips run.
    case missingCalendar
    /// The file's header has no such column, and the column is required.
    case missingColumn(String)
    /// A required field is empty.
    case emptyField(String)
    /// A field that cannot be read as what its column holds; `expected` says what would be.
    case badValue(column: String, value: String, expected: Phrase)
    /// An id given twice in one file; `firstLine` is where it was first given.
    case duplicateID(column: String, id: String, firstLine: Int)
    /// An id that names nothing in the file it refers to.
    case unknownReference(column: String, id: String, file: String)
    /// A trip whose times go backwards at this `stop_sequence`.
    case timeGoesBack(tripID: String, stopSequence: Int)
    /// Two stop times of a trip with one `stop_sequence`.
    case duplicateStopSequence(tripID: String, stopSequence: Int)
    /// A trip with fewer than two stop times.
    case tripTooShort(tripID: String, stopTimes: Int)
    /// A trip whose first or last stop time has no time.
    case tripEndWithoutTime(tripID: String)
    /// A station or platform without coordinates, where GTFS requires them.
    case missingCoordinates(stopID: String)
    /// Agencies in different time zones (GTFS requires one).
    case timeZonesDiffer(String, String)
    /// None of the feed's routes is of the kinds asked for.
    case noRouteSelected(available: [Int: Int])
    /// More trips than an import takes (`frequencies.txt` repeating trips every few seconds for hours), or a trip
    /// with more stop times than any metro line has stations.
    case tooMany(what: Phrase, limit: Int)
    /// The feed's CSV itself is broken here.
    case csv(CSVProblem)
    /// The feed's file could not be read (a corrupt zip member, an I/O error).
    case unreadable(Phrase)

    /// The problem in both languages.
    public var phrase: Phrase {
        switch self {
        case .missingFile:
            return Phrase(uk: "файлу немає у фіді", en: "the file is not in the feed")
        case .missingCalendar:
            return Phrase(uk: "у фіді немає ні calendar.txt, ні calendar_dates.txt: не відомо, у які дні курсують поїзди",
                          en: "the feed has neither calendar.txt nor calendar_dates.txt: nothing says on which days trains run")
        case .missingColumn(let column):
            return Phrase(uk: "немає обов'язкового стовпця \(column)", en: "the required column \(column) is missing")
        case .emptyField(let column):
            return Phrase(uk: "обов'язкове поле \(column) порожнє", en: "the required field \(column) is empty")
        case .badValue(let column, let value, let expected):
            return Phrase(uk: "\(column) «\(Self.shown(value))» — очікували \(expected.uk)",
                          en: "\(column) '\(Self.shown(value))' is not \(expected.en)")
        case .duplicateID(let column, let id, let firstLine):
            return Phrase(uk: "\(column) «\(Self.shown(id))» уже був у рядку \(firstLine)",
                          en: "\(column) '\(Self.shown(id))' was already given on line \(firstLine)")
        case .unknownReference(let column, let id, let file):
            return Phrase(uk: "\(column) «\(Self.shown(id))» немає в \(file)", en: "\(column) '\(Self.shown(id))' is not in \(file)")
        case .timeGoesBack(let trip, let sequence):
            return Phrase(uk: "час рейсу «\(Self.shown(trip))» іде назад на stop_sequence \(sequence)",
                          en: "the times of trip '\(Self.shown(trip))' go backwards at stop_sequence \(sequence)")
        case .duplicateStopSequence(let trip, let sequence):
            return Phrase(uk: "рейс «\(Self.shown(trip))» має stop_sequence \(sequence) двічі",
                          en: "trip '\(Self.shown(trip))' has stop_sequence \(sequence) twice")
        case .tripTooShort(let trip, let count):
            return Phrase(uk: "рейс «\(Self.shown(trip))» має \(count) зупинок; потрібно щонайменше дві",
                          en: "trip '\(Self.shown(trip))' has \(count) stop time\(count == 1 ? "" : "s"); at least two are needed")
        case .tripEndWithoutTime(let trip):
            return Phrase(uk: "перша чи остання зупинка рейсу «\(Self.shown(trip))» без часу",
                          en: "the first or last stop time of trip '\(Self.shown(trip))' has no time")
        case .missingCoordinates(let stop):
            return Phrase(uk: "зупинка «\(Self.shown(stop))» без координат (stop_lat, stop_lon)",
                          en: "stop '\(Self.shown(stop))' has no coordinates (stop_lat, stop_lon)")
        case .timeZonesDiffer(let a, let b):
            return Phrase(uk: "перевізники в різних часових поясах (\(a) і \(b)); GTFS вимагає одного",
                          en: "agencies in different time zones (\(a) and \(b)); GTFS requires one")
        case .noRouteSelected(let available):
            let list = available.keys.sorted().map { "\(available[$0]!) × \($0)" }.joined(separator: ", ")
            return Phrase(uk: "жоден маршрут не має вибраного типу; у фіді (кількість × route_type): \(list); вкажіть --route-types або --routes",
                          en: "no route is of the types asked for; the feed has (count × route_type): \(list); give --route-types or --routes")
        case .tooMany(let what, let limit):
            return Phrase(uk: "забагато: \(what.uk) (щонайбільше \(limit))", en: "too many \(what.en) (at most \(limit))")
        case .csv(let problem):
            return problem.phrase
        case .unreadable(let reason):
            return reason
        }
    }

    /// A value as quoted in a message: at most 40 characters, so a runaway field does not flood the terminal.
    static func shown(_ value: String) -> String {
        value.count <= 40 ? value : String(value.prefix(40)) + "…"
    }
}
