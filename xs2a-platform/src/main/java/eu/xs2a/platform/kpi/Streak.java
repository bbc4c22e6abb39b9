package eu.xs2a.platform.kpi;

import java.time.Instant;

/**
 * The EBA's rule of unavailability for one service class: {@code threshold} consecutive requests unanswered (a 5xx,
 * no answer, or an answer later than {@code psd2.kpi.unanswered-after}) start an unavailable period at the first of
 * them; the next request answered in time ends it. Counted per replica, in the order answers are made.
 */
final class Streak {

    /** A period that started, or ended ({@code end} not null). */
    record Change(ServiceClass serviceClass, Instant start, Instant end) {
    }

    private final ServiceClass serviceClass;
    private int failures;
    private Instant firstFailureAt;
    private Instant openSince;

    Streak(ServiceClass serviceClass) {
        this.serviceClass = serviceClass;
    }

    /** Records one answer; the period change it makes, or null. */
    synchronized Change answered(boolean failed, Instant askedAt, Instant answeredAt, int threshold) {
        if (failed) {
            if (failures++ == 0) {
                firstFailureAt = askedAt;
            }
            if (openSince == null && failures >= threshold) {
                openSince = firstFailureAt;
                return new Change(serviceClass, openSince, null);
            }
            return null;
        }
        failures = 0;
        if (openSince == null) {
            return null;
        }
        Change closed = new Change(serviceClass, openSince, answeredAt);
        openSince = null;
        return closed;
    }

    synchronized boolean unavailable() {
        return openSince != null;
    }
}
