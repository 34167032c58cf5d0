import Foundation
import MetroLab
import MetroModel
import Testing

/// `metrotimer-lab replay`: a journal's rides planned again through the current model and engine.
@Suite struct ReplayTests {
    let network = labWorlds[0].network

    /// Two rides as `metrotimer journal --json` prints them: universytet → poshtova-ploshcha on Monday 08:00 whose
    /// rider got off 400 s after the start (after the old "yours is next" at 398 s, well before the old plan's 508 s
    /// arrival), and a mistaken press 20 s after a start.
    let journal = """
        [{"id": 2, "t0": "2026-08-17T08:00:00.000+03:00", "from": "universytet", "to": "poshtova-ploshcha",
          "planned_s": 508, "final_s": 508, "confirmed_s": 400, "outcome": "arrived", "manual_corrections": 0,
          "late_corrections": 0, "gps_corrections": 0, "transfers": 1, "error_s": -108, "next_stop_s": 398},
         {"id": 1, "t0": "2026-08-17T07:00:00.000+03:00", "from": "lisova", "to": "arsenalna",
          "planned_s": 600, "final_s": 600, "confirmed_s": 20, "outcome": "arrived", "manual_corrections": 0,
          "late_corrections": 0, "gps_corrections": 0, "transfers": 0, "error_s": -580, "next_stop_s": 480}]
        """

    @Test func theJournalsRidesArePlannedAgainByTheCurrentModel() throws {
        let result = try Replay.replay(journalJSON: Data(journal.utf8), network: network)
        #expect(result.unplannable.isEmpty)
        // As journaled: "I'm off" at 400 s came after "yours is next" at 398 s: in time; 108 s early against the plan.
        #expect(result.journaled.all.rides == 1 && result.journaled.all.late == 0)
        #expect(result.journaled.all.medianErrorSeconds == -108)
        #expect(result.journaled.setAsideCount == 1, "the press 20 s after a 600 s ride's start")
        // The current model plans the same 508 s and warns at 341 s.
        #expect(result.replayed.all.rides == 1 && result.replayed.all.late == 0)
        #expect(result.replayed.all.medianErrorSeconds == 400 - 508)
        #expect(result.replayed.setAsideCount == 1)
    }

    @Test func aLateRideIsFoundAgain() throws {
        // Off at 370 s: before the old warning (398 s) — a late ride then — and after the current one (341 s).
        let text = journal.replacingOccurrences(of: "\"confirmed_s\": 400", with: "\"confirmed_s\": 370")
        let result = try Replay.replay(journalJSON: Data(text.utf8), network: network)
        #expect(result.journaled.all.late == 1)
        #expect(result.replayed.all.late == 0)
    }

    @Test func notAJournalIsAnError() {
        #expect(throws: (any Error).self) { try Replay.replay(journalJSON: Data("{\"trips\": 2}".utf8), network: network) }
    }
}
