package eu.xs2a.consent.domain;

import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.platform.notify.NotificationWishes;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.time.Instant;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * What a consent and a signing basket have alike: a TPP created it at a provider, the PSU authorises it at the bank
 * (redirect URIs, the bank's SCA page), the TPP may be notified of it, and the gateway keeps when it was created,
 * changed and last heard of at the bank. The same columns in both tables; each subclass keeps its own state machine.
 */
@MappedSuperclass
public abstract class TppResource {

    @Id
    private String id;
    @Column(nullable = false)
    private String providerCode;
    @Column(nullable = false)
    private String tppId;
    private String tppName;
    private String psuId;
    /** What the TPP forwarded of the PSU's request at the creation, sent to the bank with the registration. */
    @JdbcTypeCode(SqlTypes.JSON)
    private PsuContext psuContext;
    private String redirectUri;
    private String nokRedirectUri;
    private String bankScaUrl;
    /** Protected, not private: Hibernate's bytecode enhancer fails on a private embedded field of a superclass. */
    @Embedded
    protected NotificationWishes notification;
    /** When the bank last answered about it or sent an event for it (the gateway's clock): the polling waits. */
    private Instant bankCheckedAt;
    @Column(nullable = false)
    private Instant createdAt;
    @Column(nullable = false)
    private Instant updatedAt;

    protected TppResource() {
        // JPA
    }

    protected TppResource(String id, String providerCode, String tppId, String tppName, ScaRedirect redirect,
                          Instant now) {
        this.id = id;
        this.providerCode = providerCode;
        this.tppId = tppId;
        this.tppName = tppName;
        this.psuId = redirect.psuId();
        this.redirectUri = redirect.redirectUri();
        this.nokRedirectUri = redirect.nokRedirectUri();
        this.createdAt = now;
        this.updatedAt = now;
    }

    /** Keeps the PSU's context of the creation request, before it is stored. */
    public void fromPsu(PsuContext context) {
        psuContext = context.isEmpty() ? null : context;
    }

    /** The PSU's context of the creation; null when the TPP forwarded none (or before the gateway kept it). */
    public PsuContext psuContext() {
        return psuContext;
    }

    /** Keeps what the TPP asked to be notified of at the creation or an explicit start ({@link NotificationWishes}). */
    public void notifyAt(NotificationRequest request) {
        notification = NotificationWishes.after(notification, request);
    }

    /** The kept wishes, for the answer headers. */
    public NotificationRequest notificationWishes() {
        return NotificationWishes.stored(notification);
    }

    /** The bank answered about it, or sent an event for it: the polling job leaves it alone a while. */
    public void heardFromBank(Instant now) {
        bankCheckedAt = now;
    }

    /** The bank registered it and named the page of its SCA. */
    protected void atBank(String scaUrl, Instant now) {
        bankScaUrl = scaUrl;
        touch(now);
    }

    protected void touch(Instant now) {
        updatedAt = now;
    }

    public String getId() {
        return id;
    }

    public String getProviderCode() {
        return providerCode;
    }

    public String getTppId() {
        return tppId;
    }

    public String getTppName() {
        return tppName;
    }

    public String getPsuId() {
        return psuId;
    }

    public String getRedirectUri() {
        return redirectUri;
    }

    public String getNokRedirectUri() {
        return nokRedirectUri;
    }

    public String getBankScaUrl() {
        return bankScaUrl;
    }

    public Instant getBankCheckedAt() {
        return bankCheckedAt;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public Instant getUpdatedAt() {
        return updatedAt;
    }
}
