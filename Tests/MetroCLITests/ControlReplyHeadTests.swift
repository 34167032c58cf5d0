import MetroControl
import Testing

/// The envelope of the daemon's lines reads back what `ControlReply` writes.
@Suite struct ControlReplyHeadTests {
    func head(_ line: String) -> ControlReplyHead? { JSONValue.parse(line).map(ControlReplyHead.init) }

    @Test func anAnswerARefusalAndAnEventReadBackAsWritten() {
        #expect(head(ControlReply.ok()) == ControlReplyHead(ok: true))
        let refusal = head(ControlReply.error("too many connections", code: .busy))
        #expect(refusal == ControlReplyHead(ok: false, error: "too many connections", code: "busy"))
        #expect(refusal?.isRefusal == true && refusal?.isEvent == false)
        let event = head(ControlReply.statusEvent(["state": "idle"]))
        #expect(event == ControlReplyHead(event: "status"))
        #expect(event?.isEvent == true && event?.isRefusal == false)
    }

    @Test func fieldsOfTheWrongTypeAndLinesThatAreNoObjectHaveNoHead() {
        #expect(head(#"{"ok": "false", "code": 69, "event": null}"#) == ControlReplyHead())
        #expect(head("[1, 2]") == ControlReplyHead())
        #expect(head(#""busy""#) == ControlReplyHead())
    }
}
