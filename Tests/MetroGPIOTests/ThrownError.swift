import Testing

/// The error `body` throws when it is an `E`; otherwise nil, and the test fails here (nothing was thrown, or an
/// error of another type). `#expect(throws:)` returns that error from Swift 6.1 on, but the package also builds
/// with Swift 6.0, where it returns nothing (docs/decisions.md, "One source, two compilers").
func thrownError<E: Error, Result>(
    _ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Result
) -> E? {
    do {
        _ = try body()
        Issue.record("expected an error of type \(E.self), but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as E {
        return error
    } catch {
        Issue.record("expected an error of type \(E.self), but this was thrown: \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
