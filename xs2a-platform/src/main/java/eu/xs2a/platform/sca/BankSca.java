package eu.xs2a.platform.sca;

import eu.xs2a.platform.bank.BankClient;
import eu.xs2a.platform.bank.BankClients;
import eu.xs2a.platform.bank.BankRefusals;
import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/**
 * The bank's SCA through its API for every service ({@link BankScaApi} over the shared bank client and its
 * translation of failures): the PSU's methods, a new SCA, and the embedded steps. The bank's refusals of the PSU's
 * input are in the answer ({@link BankScaStep#error()}); a step the bank's SCA is not at (a concurrent step came
 * first, or it ended) is 409 STATUS_INVALID. The password and the OTP are passed on, never kept; the PSU's context of
 * the TPP's request goes with every step, as it goes with a creation (docs/ARCHITECTURE.md "PSU context").
 */
@ApplicationScoped
public class BankSca {

    private static final int CONFLICT = 409;

    /**
     * A step out of order (STATUS_INVALID), or the SCA of a consent or payment in a signing basket, which only the
     * basket's SCA authorises (RESOURCE_BLOCKED).
     */
    private static final BankRefusals OUT_OF_ORDER = answered -> answered.is(CONFLICT, "STATUS_INVALID")
            ? new Psd2Exception(ErrorClass.STATUS_INVALID, "The authorisation is no longer at this step")
            : answered.is(CONFLICT, "RESOURCE_BLOCKED") ? inBasket() : null;

    /** The refusal of a consent's or payment's own authorisation while it is in a signing basket. */
    public static Psd2Exception inBasket() {
        return new Psd2Exception(ErrorClass.RESOURCE_BLOCKED, "It is in a signing basket: it is authorised with the"
                + " basket's authorisation, not on its own");
    }

    @Inject BankClients banks;

    /** The PSU's SCA methods at the bank, to choose the approach (empty for a PSU the bank does not know). */
    public List<BankScaMethod> methods(String providerCode, String psuId) {
        BankScaMethods methods = bank(providerCode).call("read the PSU's SCA methods",
                (api, auth) -> api.scaMethods(auth, psuId));
        return methods == null || methods.scaMethods() == null ? List.of() : methods.scaMethods();
    }

    /**
     * A new SCA of a request awaiting it (an authorisation started explicitly): the bank drops the open one and
     * starts again at received; a decoupled one pushes to the PSU's app at once.
     */
    public BankScaStep restart(String providerCode, ScaTarget target, ScaApproach approach, String psuId,
                               PsuContext psuContext) {
        return bank(providerCode).call("start a new SCA", (api, auth) -> api.restart(auth, target.resources(),
                target.bankId(), target.sca(), new BankScaRequests.Restart(approach.name(), psuId, told(psuContext))),
                OUT_OF_ORDER);
    }

    /**
     * The bank's side of an explicit start ({@code POST …/authorisations}) of an embedded or decoupled authorisation:
     * a new SCA ({@link #restart}). A decoupled one needs the PSU (FormatError) and takes no password, which the PSU
     * never gives the TPP (FormatError when the body carried one).
     */
    public BankScaStep start(String providerCode, ScaTarget target, ScaApproach approach, String psuId,
                             boolean withPassword, PsuContext psuContext) {
        if (approach == ScaApproach.DECOUPLED && psuId == null) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "PSU-ID is required to start a decoupled authorisation");
        }
        if (approach == ScaApproach.DECOUPLED && withPassword) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR,
                    "A decoupled authorisation takes no psuData: the PSU approves in the bank's app");
        }
        return restart(providerCode, target, approach, psuId, psuContext);
    }

    public BankScaStep authenticate(String providerCode, ScaTarget target, String psuId, String password,
                                    PsuContext psuContext) {
        return bank(providerCode).call("authenticate the PSU", (api, auth) -> api.authenticate(auth,
                target.resources(), target.bankId(), target.sca(),
                new BankScaRequests.Authentication(psuId, password, told(psuContext))), OUT_OF_ORDER);
    }

    public BankScaStep selectMethod(String providerCode, ScaTarget target, String authenticationMethodId,
                                    PsuContext psuContext) {
        return bank(providerCode).call("select the SCA method", (api, auth) -> api.selectMethod(auth,
                target.resources(), target.bankId(), target.sca(),
                new BankScaRequests.MethodSelection(authenticationMethodId, told(psuContext))), OUT_OF_ORDER);
    }

    public BankScaStep authorise(String providerCode, ScaTarget target, String otp, PsuContext psuContext) {
        return bank(providerCode).call("authorise with the OTP", (api, auth) -> api.authorise(auth,
                target.resources(), target.bankId(), target.sca(), new BankScaRequests.Otp(otp, told(psuContext))),
                OUT_OF_ORDER);
    }

    /**
     * Passes a TPP's embedded step on to the bank. {@code knownPsuId}: the PSU named at creation, used when the
     * password comes without PSU-ID (FormatError when neither names one, or the password is empty).
     */
    public BankScaStep take(String providerCode, ScaTarget target, PsuDataUpdate update, String knownPsuId) {
        return switch (update.step()) {
            case AUTHENTICATE_PSU -> {
                String psuId = update.psuId() != null ? update.psuId() : knownPsuId;
                if (psuId == null) {
                    throw new Psd2Exception(ErrorClass.FORMAT_ERROR,
                            "PSU-ID is required with psuData.password when the request was created without it");
                }
                if (update.password() == null || update.password().isEmpty()) {
                    throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "psuData.password is required")
                            .at("psuData.password");
                }
                yield authenticate(providerCode, target, psuId, update.password(), update.psuContext());
            }
            case SELECT_METHOD -> selectMethod(providerCode, target, update.authenticationMethodId(),
                    update.psuContext());
            case AUTHORISE_TRANSACTION -> authorise(providerCode, target, update.otp(), update.psuContext());
        };
    }

    /** What a step's body carries of the PSU's context: nothing when the TPP forwarded none. */
    private static PsuContext told(PsuContext psuContext) {
        return psuContext == null ? null : psuContext.orNull();
    }

    /** The bank's refusal of the PSU's input ({@link BankScaStep#error()}) as the Berlin Group error; never quoting it. */
    public static Psd2Exception refusal(String code, ScaStatus now) {
        return refusal(code, now, "the authorisation failed");
    }

    /** As {@link #refusal(String, ScaStatus)}, {@code failure} saying what a failed authorisation means here. */
    public static Psd2Exception refusal(String code, ScaStatus now, String failure) {
        String ended = now == ScaStatus.failed ? "; no attempts are left: " + failure : "";
        return switch (code) {
            case "PSU_CREDENTIALS_INVALID" -> new Psd2Exception(ErrorClass.PSU_CREDENTIALS_INVALID,
                    "The PSU-ID or password was not accepted by the bank" + ended);
            case "SCA_METHOD_UNKNOWN" -> new Psd2Exception(ErrorClass.SCA_METHOD_UNKNOWN,
                    "authenticationMethodId is not one of the PSU's scaMethods");
            case "SCA_INVALID" -> new Psd2Exception(ErrorClass.SCA_INVALID,
                    "The authentication data was not accepted by the bank" + ended);
            default -> new Psd2Exception(ErrorClass.SERVICE_INVALID, "The bank refused the step");
        };
    }

    private BankClient<BankScaApi> bank(String providerCode) {
        return banks.of(providerCode, BankScaApi.class);
    }
}
