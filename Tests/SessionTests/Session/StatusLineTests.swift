import Session
import SyncFeature
import Testing

@Suite("The status line")
struct StatusLineTests {
  @Test func aSyncWithNothingDoneYetStillShowsTimeRunningAndASpinnerTurning() {
    let start = ContinuousClock.now
    let status = StatusLine(waitingFor: "Working", started: start)
    status.report(SyncProgress(done: 0, failed: 0, total: 30), at: start)
    let early = status.text(at: start + .milliseconds(1_500))
    let later = status.text(at: start + .milliseconds(6_050))
    #expect(early?.contains("0/30 · 1.5 s · Ctrl-C cancels") == true, "\(early ?? "")")
    #expect(later?.contains("0/30 · 6.0 s · Ctrl-C cancels") == true, "\(later ?? "")")
    #expect(early?.first != later?.first, "the spinner did not turn")
  }

  @Test func withSpeciesDoneItAddsTheRateAndTheTimeLeft() {
    let start = ContinuousClock.now
    let status = StatusLine(waitingFor: "Working", started: start)
    status.report(SyncProgress(done: 0, failed: 0, total: 20), at: start)
    status.report(SyncProgress(done: 10, failed: 1, total: 20), at: start + .seconds(2))
    #expect(
      status.text(at: start + .seconds(2)).map { String($0.dropFirst(2)) }
        == "Syncing ▕██████████░░░░░░░░░░▏ 10/20 · 1 failed · 2.0 s · 5.0/s · 2 s left"
        + " · Ctrl-C cancels")
  }
}
