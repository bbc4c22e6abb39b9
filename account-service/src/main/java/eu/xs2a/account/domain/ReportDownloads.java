package eu.xs2a.account.domain;

import eu.xs2a.account.config.AccountDataConfig;
import eu.xs2a.account.persistence.ReportDownloadRepository;
import eu.xs2a.account.persistence.ReportDownloadRepository.Offer;
import eu.xs2a.account.persistence.ReportDownloadRepository.Stored;
import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;

/**
 * Downloads of large transaction reports (Berlin Group {@code _links.download}): a report of more entries than
 * {@code download-threshold} offers its whole content at a link that may be used once, within
 * {@code download-valid-for}, by the same TPP under the same consent. The link's id is an unguessable token stored
 * only as its hash. What is downloaded is read from the store when the link is used, as any report.
 */
@ApplicationScoped
public class ReportDownloads {

    @Inject ReportDownloadRepository downloads;
    @Inject AccountDataConfig config;
    @Inject Clock clock;

    /** Whether this report is large enough to be offered as a download: a plain report over the threshold. */
    public boolean offered(TransactionReport report) {
        return report.query().delta() == null && report.total() > config.downloadThreshold();
    }

    /** A new download of the report's whole content; answers the link's id. */
    @Transactional
    public String offer(CallContext ctx, TransactionReport report) {
        Instant now = clock.instant();
        downloads.deleteExpired(now);
        String id = SecureTokens.random(SecureTokens.ID_BYTES);
        TransactionQuery q = report.query();
        downloads.insert(SecureTokens.sha256Hex(id), ctx.providerCode(), ctx.tppId(), ctx.consentId(),
                new Offer(report.account().id, q.bookingStatus(), q.dateFrom(), q.dateTo()),
                now.plus(config.downloadValidFor()));
        return id;
    }

    /** Checks that the download can be taken (as {@link #take}), without taking it: before the consent lookup. */
    @Transactional
    public void check(CallContext ctx, Account account, String downloadId) {
        usable(ctx, account, downloadId);
    }

    /**
     * Takes the download: the query it gives (the whole report on one page). An id this TPP was not given for this
     * consent and account, one used already or one expired is ResourceUnknown: the link leads nowhere any more.
     */
    @Transactional
    public TransactionQuery take(CallContext ctx, Account account, String downloadId) {
        Offer offer = usable(ctx, account, downloadId);
        downloads.markUsed(SecureTokens.sha256Hex(downloadId), clock.instant());
        return new TransactionQuery(offer.bookingStatus(), offer.dateFrom(), offer.dateTo(), 0, Integer.MAX_VALUE,
                true);
    }

    /** The offer, its row locked, if it is this caller's and neither used nor expired. */
    private Offer usable(CallContext ctx, Account account, String downloadId) {
        Stored stored = downloads.lock(SecureTokens.sha256Hex(downloadId), ctx.providerCode(), ctx.tppId(),
                ctx.consentId(), account.id).orElseThrow(() -> unknown("Unknown download '" + shown(downloadId) + "'"));
        if (stored.usedAt() != null) {
            throw unknown("The download '" + shown(downloadId) + "' was used already: read the report again for a "
                    + "new one");
        }
        if (!clock.instant().isBefore(stored.expiresAt())) {
            throw unknown("The download '" + shown(downloadId) + "' has expired: read the report again for a new one");
        }
        return stored.offer();
    }

    private static String shown(String id) {
        return eu.xs2a.platform.error.ErrorTexts.shown(id);
    }

    private static Psd2Exception unknown(String message) {
        return new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, message);
    }
}
