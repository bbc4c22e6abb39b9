package eu.xs2a.account.domain;

/** The interface's account refresh states (spelled as on the wire). */
public enum RefreshStatus {
    notInitiated,
    processing,
    fetching,
    fetchingFinished,
    fetchingFailed,
    partiallyFailed;

    public boolean isFinal() {
        return this == fetchingFinished || this == fetchingFailed || this == partiallyFailed;
    }
}
