/// A sink for analytics events. The composition root picks one: ``JSONLinesAnalyticsTracker`` by
/// default, ``NoAnalyticsTracker`` when the `analytics` flag is off.
///
/// Tracking never fails for the caller: a sink that cannot record an event deals with that itself.
public protocol AnalyticsTracker: Sendable {
  /// Records `event`.
  func track(_ event: AnalyticsEvent) async
}

/// A tracker that drops every event, for when analytics are switched off.
public struct NoAnalyticsTracker: AnalyticsTracker {
  /// A tracker that records nothing.
  public init() {}

  /// Does nothing.
  public func track(_ event: AnalyticsEvent) async {}
}

/// A tracker that keeps events in memory, in the order tracked; useful in tests.
public actor RecordingAnalyticsTracker: AnalyticsTracker {
  /// Every event tracked so far, oldest first.
  public private(set) var events: [AnalyticsEvent] = []

  /// An empty recorder.
  public init() {}

  /// Appends `event` to ``events``.
  public func track(_ event: AnalyticsEvent) async {
    events.append(event)
  }
}
