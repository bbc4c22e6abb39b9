package eu.xs2a.consent.domain;

import eu.xs2a.consent.persistence.AccessCountRepository;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderCalendar;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.LocalDate;
import java.util.Set;

/**
 * The consent lookup (docs/ARCHITECTURE.md "Consent lookup"): the one way another service learns about a
 * consent. Answers ConsentUnknown (not this TPP's, or none), ConsentExpired, ConsentInvalid (wrong status, type,
 * account or resource) or AccessExceeded; an unattended AIS access is counted atomically per consent, day of the
 * consent's provider ({@link ProviderCalendar}) and resource (+account).
 */
@ApplicationScoped
public class ConsentLookup {

    private static final Set<String> AIS_RESOURCES = Set.of("accounts", "card-accounts", "account", "balances",
            "transactions");
    /** The lists (of payment accounts, of card accounts): no account named, each counted on its own. */
    private static final Set<String> LISTS = Set.of("accounts", "card-accounts");
    private static final String FUNDS = "funds";

    @Inject ConsentRepository consents;
    @Inject AccessCountRepository accessCounts;
    @Inject ProviderCalendar calendar;

    /**
     * Reads outside a transaction (one query: the consent and today's count of the resource); only an unattended
     * access, which counts, writes: one statement that commits on its own.
     */
    public ConsentCheckResult check(ConsentCheck check) {
        AccountReference account = validate(check);
        String resourceKey = account == null ? check.resource() : check.resource() + ":" + account.key();
        if (!Ids.fits(check.consentId())) {
            throw ConsentService.unknown(check.consentId());
        }
        // the day of the consent's own provider (the query below finds the consent only under this provider); a
        // provider the registry does not list holds no consent one could use
        LocalDate today = calendar.todayIfKnown(check.providerCode())
                .orElseThrow(() -> ConsentService.unknown(check.consentId()));
        ConsentForLookup consent = consents.findForLookup(check.consentId(), check.providerCode(), check.tppId(),
                today, resourceKey).orElseThrow(() -> ConsentService.unknown(check.consentId()));
        ConsentType expectedType = "AIS".equals(check.purpose()) ? ConsentType.AIS : ConsentType.PIIS;
        if (consent.type() != expectedType) {
            throw invalid("Consent '" + Ids.shown(check.consentId()) + "' is not " + (expectedType == ConsentType.AIS
                    ? "an account information (AIS)" : "a confirmation-of-funds (PIIS)") + " consent");
        }
        // past validUntil is ConsentExpired whatever the status (docs/ARCHITECTURE.md "Consent lookup"): such a
        // consent can never become usable again, and "expired" tells the TPP why better than its status does
        if (consent.status() == ConsentStatus.expired || consent.isPastValidUntil(today)) {
            // an expired consent not yet past validUntil was ended by the bank (its terminatedByBank)
            String why = consent.isPastValidUntil(today) ? "expired on " + consent.validUntil()
                    : "was ended by the bank before its validUntil " + consent.validUntil() + " (status expired)";
            throw new Psd2Exception(ErrorClass.CONSENT_EXPIRED, "Consent '" + Ids.shown(check.consentId()) + "' " + why);
        }
        if (consent.status() != ConsentStatus.valid) {
            throw invalid("Consent '" + Ids.shown(check.consentId()) + "' is " + consent.status());
        }
        if (consent.type() == ConsentType.PIIS) {
            if (!FUNDS.equals(check.resource()) || !consent.account().designates(account)) {
                throw notCovering(check.consentId(), check.resource());
            }
            return new ConsentCheckResult(consent, null);
        }
        requireCoverage(consent, check.resource(), account, check.consentId());
        int limit = consent.frequencyPerDay();
        if (Boolean.TRUE.equals(check.psuPresent())) {
            return new ConsentCheckResult(consent, Math.max(0, limit - consent.accessedToday()));
        }
        int count = accessCounts.countOne(consent.id(), today, resourceKey, limit);
        if (count < 0) {
            throw new Psd2Exception(ErrorClass.ACCESS_EXCEEDED, "Consent '" + Ids.shown(check.consentId()) + "' allows "
                    + limit + " unattended access(es) per day to " + check.resource() + "; today's are used");
        }
        return new ConsentCheckResult(consent, limit - count);
    }

    private static void requireCoverage(ConsentForLookup consent, String resource, AccountReference account,
                                        String consentId) {
        AccountAccess access = consent.access();
        boolean covered = switch (resource) {
            case "accounts", "card-accounts" -> access.coversAccountList();
            case "account" -> access.coversAccount(account);
            case "balances" -> access.coversBalances(account);
            case "transactions" -> access.coversTransactions(account);
            default -> false;
        };
        if (!covered) {
            throw notCovering(consentId, resource);
        }
    }

    private static Psd2Exception notCovering(String consentId, String resource) {
        String what = switch (resource) {
            case "accounts" -> "the list of accounts";
            case "card-accounts" -> "the list of card accounts";
            case "account" -> "this account";
            case FUNDS -> "funds confirmations for this account";
            default -> "the " + resource + " of this account";
        };
        return invalid("Consent '" + Ids.shown(consentId) + "' does not cover " + what);
    }

    /** Checks the question; returns the addressed account, normalised (null for the accounts list). */
    private static AccountReference validate(ConsentCheck check) {
        requireText("providerCode", check.providerCode());
        requireText("tppId", check.tppId());
        requireText("consentId", check.consentId());
        if (!"AIS".equals(check.purpose()) && !"PIIS".equals(check.purpose())) {
            throw format("purpose must be AIS or PIIS");
        }
        if (check.resource() == null
                || !("AIS".equals(check.purpose()) ? AIS_RESOURCES.contains(check.resource()) : FUNDS.equals(check.resource()))) {
            throw format("resource '" + check.resource() + "' is not one of "
                    + ("AIS".equals(check.purpose()) ? AIS_RESOURCES : Set.of(FUNDS)) + " for purpose " + check.purpose());
        }
        if (check.psuPresent() == null) {
            throw format("psuPresent is required");
        }
        if (LISTS.contains(check.resource())) {
            return null;
        }
        if (check.account() == null) {
            throw format("account is required for resource " + check.resource());
        }
        return check.account().validatedForLookup("account");
    }

    private static void requireText(String field, String value) {
        if (value == null || value.isBlank()) {
            throw format(field + " is required");
        }
    }

    private static Psd2Exception format(String message) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, message);
    }

    private static Psd2Exception invalid(String message) {
        return new Psd2Exception(ErrorClass.CONSENT_INVALID, message);
    }
}
