package eu.xs2a.account.domain;

/**
 * What one fetch of a consent's data achieved. {@code listFailed}: the account list itself could not be read,
 * so nothing was fetched.
 */
public record FetchOutcome(boolean listFailed, int accountsTotal, int accountsFailed) {

    public static FetchOutcome listFailure() {
        return new FetchOutcome(true, 0, 0);
    }

    public boolean complete() {
        return !listFailed && accountsFailed == 0;
    }

    public RefreshStatus refreshStatus() {
        if (listFailed || (accountsTotal > 0 && accountsFailed == accountsTotal)) {
            return RefreshStatus.fetchingFailed;
        }
        return accountsFailed == 0 ? RefreshStatus.fetchingFinished : RefreshStatus.partiallyFailed;
    }
}
