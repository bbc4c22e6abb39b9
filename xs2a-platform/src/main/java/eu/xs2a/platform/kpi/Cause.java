package eu.xs2a.platform.kpi;

/**
 * Who an answer's failure is on, as the KPIs count it: {@code none} for a success (below 400), {@code bank} for an
 * error the bank client translated (the bank unreachable, slow, failing or refusing; {@code BankTranslation}),
 * {@code client} for any other 4xx (the caller's request), {@code gateway} for any other 5xx (the gateway itself,
 * its database, the consent lookup).
 */
public enum Cause {
    NONE, CLIENT, GATEWAY, BANK;

    /** The value stored in {@code kpi_request.cause}. */
    public String column() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    static Cause of(int status, boolean bankCaused) {
        if (status < 400) {
            return NONE;
        }
        if (bankCaused) {
            return BANK;
        }
        return status < 500 ? CLIENT : GATEWAY;
    }

    static Cause ofColumn(String column) {
        return valueOf(column.toUpperCase(java.util.Locale.ROOT));
    }
}
