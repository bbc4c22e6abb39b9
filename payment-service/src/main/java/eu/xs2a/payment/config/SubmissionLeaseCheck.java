package eu.xs2a.payment.config;

import eu.xs2a.platform.provider.ProviderRegistry;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.jboss.logging.Logger;

/**
 * The retry job's lease and the lookup of a cancelled payment's bank copy both wait
 * {@code payment.submission.first-retry-after} for a submission still on its way to end. A bank call ends within the
 * provider's connect plus read timeout, so a shorter wait lets the job act beside a submission that may still arrive:
 * a second, idempotent submission, or a lookup that finds no copy yet. Said once at start, as a WARN per provider.
 */
@ApplicationScoped
public class SubmissionLeaseCheck {

    private static final Logger LOG = Logger.getLogger(SubmissionLeaseCheck.class);

    void onStart(@Observes StartupEvent event, PaymentConfig config, ProviderRegistry registry) {
        Duration lease = config.submission().firstRetryAfter();
        for (String warning : warnings(lease, registry)) {
            LOG.warn(warning);
        }
    }

    /** One text per provider whose bank calls may outlast the lease. */
    public static List<String> warnings(Duration lease, ProviderRegistry registry) {
        return registry.codes().stream()
                .map(code -> {
                    var provider = registry.require(code);
                    Duration longestCall = provider.connectTimeout().plus(provider.readTimeout());
                    return longestCall.compareTo(lease) < 0 ? null
                            : "payment.submission.first-retry-after (" + seconds(lease) + ") is not longer than a"
                            + " bank call of provider " + code + " may take (connect " + seconds(provider.connectTimeout())
                            + " + read " + seconds(provider.readTimeout()) + "): the retry job may submit again beside a"
                            + " submission still on its way, and the lookup of a cancelled payment's bank copy may"
                            + " come before it";
                })
                .filter(Objects::nonNull)
                .toList();
    }

    private static String seconds(Duration duration) {
        return BigDecimal.valueOf(duration.toMillis(), 3).stripTrailingZeros().toPlainString() + " s";
    }
}
