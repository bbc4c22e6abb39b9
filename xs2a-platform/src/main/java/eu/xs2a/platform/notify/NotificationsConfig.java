package eu.xs2a.platform.notify;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;
import org.hibernate.validator.constraints.time.DurationMin;

/**
 * Notifications to TPPs ({@code psd2.notifications.*}; docs/ARCHITECTURE.md "Notifications"). The attempts' backoff
 * is the task runtime's for the task type {@code notification} ({@code psd2.tasks.type.notification.backoff-base},
 * {@code .backoff-cap}).
 */
@ConfigMapping(prefix = "psd2.notifications")
public interface NotificationsConfig {

    /** {@code false}: no notification is offered ({@code ASPSP-Notification-Support: false}) and none is sent. */
    @WithDefault("true")
    boolean enabled();

    /**
     * How long a notification is retried after the change it tells of; then it is given up with one WARN line and the
     * next one of the same resource goes. Below the runtime's give-up of {@code notification} tasks, or the service
     * does not start ({@link NotificationSender#settingsRefusals}).
     */
    @WithDefault("24H")
    @DurationMin(nanos = 0, inclusive = false)
    Duration giveUpAfter();

    /** Connect and answer timeout of one attempt. */
    @WithDefault("10S")
    @DurationMin(nanos = 0, inclusive = false)
    Duration timeout();

    /** How soon a notification waiting for an earlier one of the same resource looks again. */
    @WithDefault("5S")
    @DurationMin(nanos = 0)
    Duration orderWait();

    /**
     * The gateway's seal certificate (PEM file) that signs the notifications and is sent in
     * {@code ASPSP-Signature-Certificate}; without it and {@link #sealKey()} no notification is offered.
     */
    Optional<String> sealCertificate();

    /** The seal's private key (PKCS#8 PEM file). */
    Optional<String> sealKey();
}
