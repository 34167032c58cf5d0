import CLinuxShim
import Glibc
import Testing
@testable import MetroSystem

@Suite(.serialized) struct SignalChannelTests {
    @Test func raisedSignalArrivesOnTheDescriptor() throws {
        // Test runner worker threads may start with most signals blocked: begin from a known mask (these two
        // unblocked) and give the thread its own mask back at the end.
        var original = sigset_t()
        var chosen = sigset_t()
        clinux_sigset_empty(&chosen)
        clinux_sigset_add(&chosen, SIGHUP)
        clinux_sigset_add(&chosen, SIGUSR2)
        #expect(pthread_sigmask(clinux_sig_unblock(), &chosen, &original) == 0)
        defer { _ = pthread_sigmask(clinux_sig_setmask(), &original, nil) }
        #expect(!SignalChannel.isBlocked(SIGHUP))

        let channel = try SignalChannel(signals: [SIGHUP, SIGUSR2])
        #expect(SignalChannel.isBlocked(SIGHUP))
        #expect(SignalChannel.isBlocked(SIGUSR2))
        let loop = try EventLoop()
        var received: [Int32] = []
        _ = try loop.register(fd: channel.fd.rawValue) { _ in
            received += (try? channel.readSignals()) ?? []
        }
        // raise() directs the signal at this thread, which has it blocked: it waits on the signalfd.
        #expect(raise(SIGHUP) == 0)
        try runLoop(loop) { !received.isEmpty }
        #expect(received == [SIGHUP])
        #expect(try channel.readSignals() == [])

        try channel.restoreDefault()
        #expect(!SignalChannel.isBlocked(SIGHUP))
        #expect(!SignalChannel.isBlocked(SIGUSR2))
    }
}
