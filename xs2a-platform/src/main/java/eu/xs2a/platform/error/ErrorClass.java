package eu.xs2a.platform.error;

/**
 * Every error class of the interface's error table, with its HTTP status and Berlin Group message code,
 * plus the two the gateway itself needs (ServiceUnavailable, InternalError).
 * {@link #text()} is what goes into {@code error_text}; {@link #code()} into {@code error_code} and tppMessages.
 */
public enum ErrorClass {
    BAD_REQUEST("BadRequest", 400, "FORMAT_ERROR"),
    /** Berlin Group's SESSIONS_NOT_SUPPORTED: a consent asked for with combinedServiceIndicator true. */
    SESSIONS_NOT_SUPPORTED("BadRequest", 400, "SESSIONS_NOT_SUPPORTED"),
    COUNTRY_NAME_INVALID("CountryNameInvalid", 400, "FORMAT_ERROR"),
    SERVICE_INVALID("ServiceInvalid", 400, "SERVICE_INVALID"),
    /** Embedded SCA: a wrong one-time code. */
    SCA_INVALID("ScaInvalid", 400, "SCA_INVALID"),
    /** Embedded SCA: an authenticationMethodId the PSU does not have. */
    SCA_METHOD_UNKNOWN("ScaMethodUnknown", 400, "SCA_METHOD_UNKNOWN"),
    FORMAT_ERROR("FormatError", 400, "FORMAT_ERROR"),
    REQUEST_FORMAT_INVALID("RequestFormatInvalid", 400, "FORMAT_ERROR"),
    /**
     * A payment or consent in a signing basket: it cannot join another basket, nor be authorised on its own (only
     * the basket's SCA authorises it); Berlin Group's 400 RESOURCE_BLOCKED.
     */
    RESOURCE_BLOCKED("FormatError", 400, "RESOURCE_BLOCKED"),
    /**
     * Berlin Group's more precise 400 message codes, each of class FormatError (the interface's table has no own
     * class for them; error_code is the provider's to choose). Query parameters that contradict each other, such as
     * two kinds of delta report at once.
     */
    PARAMETER_NOT_CONSISTENT("FormatError", 400, "PARAMETER_NOT_CONSISTENT"),
    /** A parameter the standard makes "optional if supported by the API provider" that this one does not support. */
    PARAMETER_NOT_SUPPORTED("FormatError", 400, "PARAMETER_NOT_SUPPORTED"),
    /** A requested time period out of bound: it ends before it starts. */
    PERIOD_INVALID("FormatError", 400, "PERIOD_INVALID"),
    /** A payment's requested execution date (or first execution) the payment cannot be executed on. */
    EXECUTION_DATE_INVALID("FormatError", 400, "EXECUTION_DATE_INVALID"),
    /** A resource the body names (a signing basket's member) that is unknown for this TPP: 400, not the path's 404. */
    REFERENCE_UNKNOWN("FormatError", 400, "RESOURCE_UNKNOWN"),
    /** A signing basket's member that the basket function cannot take together with the others. */
    REFERENCE_MIX_INVALID("FormatError", 400, "REFERENCE_MIX_INVALID"),
    WRONG_REQUIRED_FIELDS("WrongRequiredFields", 401, "FORMAT_ERROR"),
    CONSENT_INVALID("ConsentInvalid", 401, "CONSENT_INVALID"),
    /** Embedded SCA: the PSU's password (or PSU-ID) was not accepted by the bank. */
    PSU_CREDENTIALS_INVALID("PsuCredentialsInvalid", 401, "PSU_CREDENTIALS_INVALID"),
    CONSENT_UNKNOWN("ConsentUnknown", 401, "CONSENT_UNKNOWN"),
    CONSENT_EXPIRED("ConsentExpired", 401, "CONSENT_EXPIRED"),
    CERTIFICATE_MISSING("CertificateMissing", 401, "CERTIFICATE_MISSING"),
    CERTIFICATE_INVALID("CertificateInvalid", 401, "CERTIFICATE_INVALID"),
    /**
     * A certificate on a configured CRL: the interface's class CertificateInvalid, with Berlin Group's own code for
     * it (MessageCode401 CERTIFICATE_REVOKE), so that a TPP can tell "revoked" from "malformed or untrusted".
     */
    CERTIFICATE_REVOKED("CertificateInvalid", 401, "CERTIFICATE_REVOKE"),
    CERTIFICATE_EXPIRED("CertificateExpired", 401, "CERTIFICATE_EXPIRED"),
    ROLE_INVALID("RoleInvalid", 401, "ROLE_INVALID"),
    SIGNATURE_MISSING("SignatureMissing", 401, "SIGNATURE_MISSING"),
    SIGNATURE_INVALID("SignatureInvalid", 401, "SIGNATURE_INVALID"),
    SIGNATURE_MALFORMED("SignatureMalformed", 401, "SIGNATURE_INVALID"),
    /*
     * AccessDenied is 403 on resource endpoints and 401 on the registration endpoints. Berlin Group has no code of its
     * own for it, so each cause carries the code that tells a TPP what to fix; only a TPP the bank blocked is told
     * SERVICE_BLOCKED, since a client that reads the code would otherwise stop calling over a stale secret.
     */
    /** A TPP the bank blocked (psd2.blocked-tpps-file), on a resource endpoint. */
    SERVICE_BLOCKED("AccessDenied", 403, "SERVICE_BLOCKED"),
    /** A TPP the bank blocked, on a registration endpoint. */
    SERVICE_BLOCKED_REGISTRATION("AccessDenied", 401, "SERVICE_BLOCKED"),
    /** Registration: the request JWT's or the software statement's algorithm, key or signature is not accepted. */
    REGISTRATION_SIGNATURE_INVALID("AccessDenied", 401, "SIGNATURE_INVALID"),
    /** Registration: a signer certificate that is not trusted, or that belongs to another organisation. */
    REGISTRATION_CERTIFICATE_INVALID("AccessDenied", 401, "CERTIFICATE_INVALID"),
    /** Registration: the TPP's registration does not allow the call (registered again, a certificate for no TPP). */
    REGISTRATION_STATUS_INVALID("AccessDenied", 401, "STATUS_INVALID"),
    /** A client's credentials (client_secret, client_assertion) or a service token that are not accepted. */
    CREDENTIALS_INVALID("AccessDenied", 401, "TOKEN_INVALID"),
    /**
     * An OAuth access token (the OAuth SCA approach, the OAuth pre-step) that is not one of this provider's OAuth
     * server, or issued to another TPP: Berlin Group's MessageCode401 TOKEN_UNKNOWN.
     */
    TOKEN_UNKNOWN("AccessDenied", 401, "TOKEN_UNKNOWN"),
    /**
     * No access token where the provider asks for one, or one of the TPP that does not cover the addressed resource
     * (the client's own, or its scope): TOKEN_INVALID.
     */
    TOKEN_INVALID("AccessDenied", 401, "TOKEN_INVALID"),
    /** An access token past its {@code exp}: TOKEN_EXPIRED. */
    TOKEN_EXPIRED("AccessDenied", 401, "TOKEN_EXPIRED"),
    /**
     * The sandbox self-service was asked for a seal of a named organisation by a caller that did not prove it holds
     * that organisation (a request signed by a current, valid seal of it): 403, and nothing is issued.
     */
    ORGANISATION_NOT_PROVEN("AccessDenied", 403, "CERTIFICATE_INVALID"),
    PRODUCT_INVALID("ProductInvalid", 403, "PRODUCT_INVALID"),
    RESOURCE_UNKNOWN("ResourceUnknown", 404, "RESOURCE_UNKNOWN"),
    PRODUCT_UNKNOWN("ProductUnknown", 404, "PRODUCT_UNKNOWN"),
    NOT_FOUND("NotFound", 404, "RESOURCE_UNKNOWN"),
    CANCELLATION_INVALID("CancellationInvalid", 405, "CANCELLATION_INVALID"),
    /** The HTTP method is not supported on this path (not one of the interface's classes; Berlin Group 405). */
    METHOD_NOT_ALLOWED("ServiceInvalid", 405, "SERVICE_INVALID"),
    /** A resource whose state does not allow the action now (Berlin Group's STATUS_INVALID). */
    ACTION_NOT_ALLOWED("ActionNotAllowed", 406, "STATUS_INVALID"),
    /** An authorisation step out of order, or on a finished authorisation (Berlin Group's 409 STATUS_INVALID). */
    STATUS_INVALID("StatusInvalid", 409, "STATUS_INVALID"),
    /** A signing basket's member that no longer awaits its authorisation (authorised, rejected, ended). */
    REFERENCE_STATUS_INVALID("StatusInvalid", 409, "REFERENCE_STATUS_INVALID"),
    /** An Accept the endpoint cannot serve (Berlin Group's REQUESTED_FORMATS_INVALID). */
    REQUESTED_FORMATS_INVALID("ActionNotAllowed", 406, "REQUESTED_FORMATS_INVALID"),
    INVALID("Invalid", 406, "FORMAT_ERROR"),
    PAYLOAD_TOO_LARGE("FormatError", 413, "FORMAT_ERROR"),
    ACCESS_EXCEEDED("AccessExceeded", 429, "ACCESS_EXCEEDED"),
    INTERNAL_ERROR("InternalError", 500, "INTERNAL_SERVER_ERROR"),
    SERVICE_UNAVAILABLE("ServiceUnavailable", 503, "SERVICE_UNAVAILABLE");

    private final String text;
    private final int status;
    private final String code;

    ErrorClass(String text, int status, String code) {
        this.text = text;
        this.status = status;
        this.code = code;
    }

    /** The class name of the interface's error table, e.g. {@code ConsentUnknown}. */
    public String text() {
        return text;
    }

    public int status() {
        return status;
    }

    /** The Berlin Group message code, e.g. {@code CONSENT_UNKNOWN}. */
    public String code() {
        return code;
    }
}
