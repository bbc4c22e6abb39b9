package eu.xs2a.security.replay;

/** What the replay rule says about a signed request. */
public sealed interface ReplayOutcome {

    /** The X-Request-ID is new for this TPP: the request goes ahead. */
    record First() implements ReplayOutcome {
    }

    /** A retried create: answer with the first response again, without running the resource. */
    record Replay(StoredResponse response) implements ReplayOutcome {
    }

    ReplayOutcome FIRST = new First();
}
