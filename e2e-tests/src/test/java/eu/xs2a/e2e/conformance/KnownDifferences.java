package eu.xs2a.e2e.conformance;

import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ONE place where the gateway's interface (the bank's interface specification; docs/ARCHITECTURE.md "Extensions
 * to the standard") deliberately differs from the Berlin Group 1.3.6 OpenAPI file (and the confirmation-of-funds 2.0
 * file). Each difference is one constant with the reason taken from the interface text; nothing else is waived. A
 * waiver matches one validator message precisely (message key, JSON pointer, and where needed the value), never a
 * whole response or a whole class of messages.
 *
 * <p>Two of them are path rewrites (the request is mapped onto the file's path before validation), the others waive
 * single messages.
 */
public enum KnownDifferences {

    /**
     * Paths: the interface namespaces every Berlin Group endpoint by a provider code, {@code P =
     * /{provider_code}/api/berlingroup}, where the file has the server URL {@code https://api.testbank.com/psd2}
     * followed by {@code /v1/...}. The check strips {@code /{provider_code}/api/berlingroup} and validates the rest
     * against the file's paths.
     */
    PROVIDER_PREFIX,

    /**
     * Payment product: the interface allows the product {@code service-payment} ("payment_product (path, string,
     * required): allowed value service-payment"), which is not in the file's {@code payment-product} enum. For
     * validation it is mapped onto {@code sepa-credit-transfers}, the product whose body the interface's payment
     * initiation fields describe (creditorAccount, creditorName, instructedAmount, remittanceInformationUnstructured…).
     */
    SERVICE_PAYMENT_PRODUCT,

    /**
     * Error body: the interface says "Error responses carry error_code and error_text … Details are also referenced
     * as error_message", so every error body has these three fields at its root beside the file's
     * {@code tppMessages}. Waived: exactly "object has properties not allowed" at the root pointer {@code ""} of an
     * error response (4xx/5xx) when the unexpected properties are only these three and {@code signatureDebug}, the
     * sandbox's own extension of a SignatureInvalid (xs2a-security README, "Signature debugger (sandbox)").
     */
    ERROR_FIELDS,

    /**
     * Error statuses: the interface's error table fixes one HTTP status per error class ("ConsentUnknown 401",
     * "ResourceUnknown 404", "AccessDenied 403", …) where the file lists some of these codes under another status
     * (e.g. CONSENT_UNKNOWN only under 400 and 403). Waived: exactly the enum message at
     * {@code /tppMessages/N/code} when the body's {@code error_text} is a class of the interface's table whose
     * status is the response status, and the code is the body's {@code error_code}.
     */
    ERROR_STATUS_TABLE,

    /**
     * Endpoints the file does not have: the interface adds account refresh ({@code P/v1/accounts/refresh} and
     * {@code P/v1/accounts/refresh/status}, "Account refresh" in the interface). Their responses are checked
     * against {@code src/test/resources/interface-additions.yaml}, written from the interface's words (status in
     * the refresh States, {@code _links.refreshStatus.href}), with the same strictness as the file's.
     */
    INTERFACE_ONLY_ENDPOINTS,

    /**
     * The authorisations of a confirmation-of-funds consent: the 2.0 file has the consent's creation, read, status and
     * deletion but no authorisation sub-resource, which it leaves to 1.3.6's consent authorisations; the gateway
     * serves them under the consent ({@code /v2/consents/confirmation-of-funds/{id}/authorisations…}) with the same
     * bodies. Not a waiver but a mapping: their responses are checked against 1.3.6's
     * {@code /v1/consents/{consentId}/authorisations…} operations, with the same strictness.
     */
    FUNDS_CONSENT_AUTHORISATIONS,

    /**
     * Not a difference of the gateway but a defect of the confirmation-of-funds 2.0 file: its 201 response is a
     * {@code oneOf} of {@code ConsentsConfirmationOfFundsResponse} and
     * {@code ConsentsConfirmationOfFundsMultilevelSCAResponse}, whose required fields are the same
     * (consentStatus, consentId, _links), so every correct response matches both and "exactly one" can never hold.
     * Waived: exactly a {@code oneOf} message saying the body matched two or more of the alternatives (it conforms
     * to each of them); a body matching none stays a violation.
     */
    OVERLAPPING_ONE_OF,

    /**
     * The debtor account before the PSU has chosen it: a payment initiated without {@code debtorAccount} is paid from
     * the account the PSU chooses on the bank's SCA page, so its read has no {@code debtorAccount} until then, which
     * the file's {@code paymentInitiationWithStatusResponse} requires (payment-service's OpenAPI document says so at
     * the field). Waived: exactly the {@code oneOf} message of a 200 payment read
     * ({@code GET /v1/payments/{product}/{id}}) without {@code debtorAccount} whose transactionStatus a payment can
     * have without the PSU's choice (RCVD; RJCT and CANC, which can end it before SCA), and only when the same body
     * with a debtor account conforms. An authorised payment (ACTC, ACSP, ACSC, ACCC) without it stays a violation.
     */
    DEBTOR_ACCOUNT_BEFORE_CHOICE,

    /**
     * Consent status {@code accepted}: a consent stored but not yet registered at the bank (created with 201; the
     * gateway registers it then or later) has this status until the bank has it ({@code received}); the file's
     * {@code consentStatus} enum has no such value (docs/ARCHITECTURE.md "Extensions to the standard"). Waived:
     * exactly the enum message at {@code /consentStatus} when its value is {@code accepted}, and the oneOf of the
     * confirmation-of-funds file's create answer when the body with {@code received} instead conforms. Only the fault
     * tests, whose bank is down or whose service dies while the bank registers a consent, see it.
     */
    CONSENT_STATUS_ACCEPTED,

    /**
     * ServiceUnavailable with a body: the file's 503 has no body, while the gateway answers every failure in its one
     * error body, a 503 too, with {@code Retry-After} (docs/ARCHITECTURE.md "Extensions to the standard", "Gateway
     * classes"; "What a TPP sees during an outage"). Waived: exactly "no response body is expected" on a 503 whose
     * body is that error body of class ServiceUnavailable (error_text, error_code and every tppMessage's code
     * SERVICE_UNAVAILABLE). Only the fault tests, which stop the database or the bank, see it.
     */
    SERVICE_UNAVAILABLE_BODY,

    /**
     * Verification of Payee: the EU Instant Payments Regulation has the payer's bank check the payee's name before the
     * PSU authorises a SEPA credit transfer, and the gateway tells the TPP the bank's result in
     * {@code payeeVerification} ({@code result} MTCH, CMTC, NMTC or NOAP; {@code matchedName} for CMTC only) on a
     * payment's creation, read and status answers (docs/ARCHITECTURE.md "Extensions to the standard"); 1.3.6 has no
     * such field. Waived: any message of a 2xx payment answer ({@code /v1/payments/…}, and a periodic payment's,
     * {@code /v1/periodic-payments/…}) that carries a well-formed
     * {@code payeeVerification}, when the same body without it conforms; a malformed one, or any other violation,
     * stays a violation.
     */
    PAYEE_VERIFICATION,

    /**
     * A bulk's entries each with their own status: without batch booking the bank executes each credit transfer of a
     * bulk on its own, so some may be booked and others rejected (the bulk then PART), and the TPP must learn which;
     * 1.3.6's bulk read ({@code bulkPaymentInitiationWithStatusResponse}) has a status for the bulk only, and its
     * status answer no entries. The gateway adds {@code transactionStatus} (and the entry's {@code payeeVerification},
     * as {@link #PAYEE_VERIFICATION}) to each entry of {@code payments} in the read, and {@code payments}, a list of
     * {@code {transactionStatus, payeeVerification?}} in the entries' order, to the status answer (payment-service
     * README "Bulk payments"). Waived: any message of a 2xx bulk answer ({@code /v1/bulk-payments/…}) whose entries
     * each carry a transactionStatus of the file's enum and at most a well-formed payeeVerification, when the same body
     * without them (the status answer: without {@code payments}) conforms; any other violation stays one.
     */
    BULK_ENTRY_STATUS,

    /**
     * The read shows the payment as initiated: the file describes {@code paymentInitiationWithStatusResponse} as "the
     * corresponding payment initiation JSON body together with an optional transaction status field", but its schema
     * lists only some of the initiation's fields, without {@code requestedExecutionDate} (which every pain.001
     * document carries, {@code ReqdExctnDt}) and {@code creditorAgentName} (the initiation's, {@code CdtrAgt/FinInstnId/Nm}
     * of a pain.001 document). Waived: the {@code oneOf} message of a 200 single payment read
     * ({@code GET /v1/payments/{product}/{id}}) that has either of them, when the same body without them (and without a
     * well-formed {@code payeeVerification}, {@link #PAYEE_VERIFICATION}) conforms.
     */
    READ_AS_INITIATED,

    /**
     * Standing orders: 1.3.6 permits {@code bookingStatus=information} and defines the entries' content
     * ({@code additionalInformationStructured.standingOrderDetails}, "used if and only if the bookingStatus entry equals
     * information"), but its {@code accountReport} has no list to carry them; later 1.3.x versions add
     * {@code information} beside {@code booked} and {@code pending}, which the gateway answers (docs/ARCHITECTURE.md
     * "Extensions to the standard"). Waived: any message of a 200 transaction report
     * ({@code GET /v1/accounts/{id}/transactions}) with {@code transactions.information} and neither booked nor pending,
     * every entry of which has {@code additionalInformationStructured.standingOrderDetails}, when the same body with
     * the entries as {@code booked} (a transactionList of the file's transactionDetails) conforms.
     */
    STANDING_ORDERS;

    private static final Pattern TRANSACTION_REPORT = Pattern.compile("^/v1/accounts/[^/]+/transactions$");

    /** The initiation's fields a single payment's read shows that the file's read schema lacks. */
    private static final List<String> INITIATION_ONLY_FIELDS = List.of("requestedExecutionDate", "creditorAgentName");
    private static final Pattern ISO_DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    /** The file's transactionStatus enum. */
    private static final List<String> TRANSACTION_STATUSES = List.of("ACCC", "ACCP", "ACSC", "ACSP", "ACTC", "ACWC",
            "ACWP", "RCVD", "PDNG", "RJCT", "CANC", "ACFC", "PATC", "PART");

    /** The statuses of a payment that may have ended, or still be, before the PSU chose its debtor account. */
    private static final List<String> BEFORE_DEBTOR_CHOICE = List.of("RCVD", "RJCT", "CANC");
    private static final Pattern PAYMENT_READ = Pattern.compile("^/v1/payments/[^/]+/[^/]+$");
    /** Any IBAN: only whether the body conforms once it has a debtor account matters. */
    private static final String SOME_IBAN = "DE89370400440532013000";

    /** See {@link #CONSENT_STATUS_ACCEPTED}. */
    private static final String ACCEPTED = "accepted";
    /** See {@link #SERVICE_UNAVAILABLE_BODY}. */
    private static final String SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE";

    private static final Pattern MATCHED_SEVERAL = Pattern.compile("matched ([2-9]|\\d{2,}) out of \\d+");

    private static final Pattern FUNDS_CONSENT_AUTHORISATION =
            Pattern.compile("^/v2/consents/confirmation-of-funds(/[^/]+/authorisations(/.*)?)$");

    /**
     * The path of the 1.3.6 operation a confirmation-of-funds consent's authorisation path is checked against (see
     * {@link #FUNDS_CONSENT_AUTHORISATIONS}); any other spec path as it is.
     */
    public static String checkedAs(String specPath) {
        Matcher authorisation = FUNDS_CONSENT_AUTHORISATION.matcher(specPath);
        return authorisation.matches() ? "/v1/consents" + authorisation.group(1) : specPath;
    }

    /** Spec paths that only the interface defines (see {@link #INTERFACE_ONLY_ENDPOINTS}). */
    public static boolean interfaceOnly(String specPath) {
        return specPath.equals("/v1/accounts/refresh") || specPath.equals("/v1/accounts/refresh/status");
    }

    private static final Pattern PROVIDER_PATH = Pattern.compile("^/[a-z0-9-]+/api/berlingroup(/v[12]/.*)$");
    private static final Pattern SERVICE_PAYMENT = Pattern.compile("^(/v1/payments)/service-payment(/.*)?$");
    private static final Pattern TPP_MESSAGE_CODE = Pattern.compile("^/tppMessages/\\d+/code$");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The interface's error table (docs/ARCHITECTURE.md "Error contract"): class → HTTP status, as it gives them. */
    private static final Map<String, Integer> INTERFACE_ERROR_TABLE = Map.ofEntries(
            Map.entry("BadRequest", 400), Map.entry("CountryNameInvalid", 400), Map.entry("ServiceInvalid", 400),
            Map.entry("FormatError", 400), Map.entry("RequestFormatInvalid", 400),
            Map.entry("WrongRequiredFields", 401), Map.entry("ConsentInvalid", 401), Map.entry("ConsentUnknown", 401),
            Map.entry("ConsentExpired", 401), Map.entry("CertificateMissing", 401),
            Map.entry("CertificateInvalid", 401), Map.entry("CertificateExpired", 401), Map.entry("RoleInvalid", 401),
            Map.entry("SignatureMissing", 401), Map.entry("SignatureInvalid", 401),
            Map.entry("SignatureMalformed", 401), Map.entry("AccessDenied", 403), Map.entry("ProductInvalid", 403),
            Map.entry("ResourceUnknown", 404), Map.entry("ProductUnknown", 404), Map.entry("NotFound", 404),
            Map.entry("CancellationInvalid", 405), Map.entry("ActionNotAllowed", 406), Map.entry("Invalid", 406),
            Map.entry("AccessExceeded", 429));
    private static final List<String> ERROR_FIELD_NAMES = List.of("error_code", "error_text", "error_message",
            "signatureDebug");

    /** Whether the path is a Berlin Group endpoint of the interface ({@code P/v1/…} or {@code P/v2/…}). */
    public static boolean isBerlinGroupPath(String path) {
        return PROVIDER_PATH.matcher(path).matches();
    }

    /** The path as the OpenAPI files name it, after {@link #PROVIDER_PREFIX} and {@link #SERVICE_PAYMENT_PRODUCT}. */
    public static String specPath(String path) {
        Matcher provider = PROVIDER_PATH.matcher(path);
        if (!provider.matches()) {
            throw new IllegalArgumentException("not a Berlin Group path of the interface: " + path);
        }
        String spec = provider.group(1);
        Matcher product = SERVICE_PAYMENT.matcher(spec);
        if (product.matches()) {
            spec = product.group(1) + "/sepa-credit-transfers" + Optional.ofNullable(product.group(2)).orElse("");
        }
        return spec;
    }

    /** The known difference that waives this message of this exchange, if any. */
    public static Optional<KnownDifferences> waiving(ValidationReport.Message message, Exchange exchange) {
        String pointer = message.getContext().flatMap(ValidationReport.MessageContext::getPointers)
                .map(ValidationReport.MessageContext.Pointers::getInstance).orElse(null);
        String key = message.getKey();
        if (exchange.status() >= 400 && "validation.response.body.schema.additionalProperties".equals(key)
                && ("".equals(pointer) || "/".equals(pointer)) && onlyErrorFields(message.getMessage())) {
            return Optional.of(ERROR_FIELDS);
        }
        if ("validation.response.body.schema.oneOf".equals(key) && debtorAccountNotYetChosen(exchange)) {
            return Optional.of(DEBTOR_ACCOUNT_BEFORE_CHOICE);
        }
        if ("validation.response.body.schema.oneOf".equals(key) && MATCHED_SEVERAL.matcher(message.getMessage()).find()) {
            return Optional.of(OVERLAPPING_ONE_OF);
        }
        if ("validation.response.body.schema.enum".equals(key) && pointer != null
                && TPP_MESSAGE_CODE.matcher(pointer).matches() && statusOfTheInterfacesTable(exchange)) {
            return Optional.of(ERROR_STATUS_TABLE);
        }
        if ("validation.response.body.schema.enum".equals(key) && "/consentStatus".equals(pointer)
                && ACCEPTED.equals(consentStatus(exchange))) {
            return Optional.of(CONSENT_STATUS_ACCEPTED);
        }
        if ("validation.response.body.schema.oneOf".equals(key) && onlyAcceptedDiffers(exchange)) {
            return Optional.of(CONSENT_STATUS_ACCEPTED);
        }
        if (exchange.status() < 300 && conformsWithoutPayeeVerification(exchange)) {
            return Optional.of(PAYEE_VERIFICATION);
        }
        if ("validation.response.body.schema.oneOf".equals(key) && conformsWithoutInitiationOnlyFields(exchange)) {
            return Optional.of(READ_AS_INITIATED);
        }
        if (exchange.status() < 300 && conformsWithoutEntryStatuses(exchange)) {
            return Optional.of(BULK_ENTRY_STATUS);
        }
        if (exchange.status() == 200 && conformsWithInformationAsBooked(exchange)) {
            return Optional.of(STANDING_ORDERS);
        }
        if ("validation.response.body.unexpected".equals(key) && exchange.status() == 503
                && serviceUnavailableBody(exchange)) {
            return Optional.of(SERVICE_UNAVAILABLE_BODY);
        }
        return Optional.empty();
    }

    /** See {@link #DEBTOR_ACCOUNT_BEFORE_CHOICE}: the read conforms but for the debtor account nobody chose yet. */
    private static boolean debtorAccountNotYetChosen(Exchange exchange) {
        if (!"GET".equals(exchange.method()) || exchange.status() != 200
                || !PAYMENT_READ.matcher(specPath(exchange.path())).matches()) {
            return false;
        }
        try {
            JsonNode body = JSON.readTree(exchange.body());
            if (!body.isObject() || body.has("debtorAccount")
                    || !BEFORE_DEBTOR_CHOICE.contains(body.path("transactionStatus").asText())) {
                return false;
            }
            ((ObjectNode) body).putObject("debtorAccount").put("iban", SOME_IBAN);
            return BerlinGroupSpec.violations(new Exchange(exchange.method(), exchange.path(), exchange.status(),
                    exchange.headers(), JSON.writeValueAsString(body))).isEmpty();
        } catch (Exception e) {
            return false;
        }
    }

    /** See {@link #PAYEE_VERIFICATION}: a payment answer with a well-formed payeeVerification, conforming without it. */
    private static boolean conformsWithoutPayeeVerification(Exchange exchange) {
        String specPath = specPath(exchange.path());
        if (!specPath.startsWith("/v1/payments/") && !specPath.startsWith("/v1/periodic-payments/")) {
            return false;
        }
        try {
            JsonNode body = JSON.readTree(exchange.body());
            JsonNode check = body.path("payeeVerification");
            if (!check.isObject() || !wellFormedPayeeVerification(check)) {
                return false;
            }
            ((ObjectNode) body).remove("payeeVerification");
            return BerlinGroupSpec.violations(new Exchange(exchange.method(), exchange.path(), exchange.status(),
                    exchange.headers(), JSON.writeValueAsString(body))).isEmpty();
        } catch (Exception e) {
            return false;
        }
    }

    /** See {@link #READ_AS_INITIATED}: a read that conforms but for the initiation's fields the file leaves out. */
    private static boolean conformsWithoutInitiationOnlyFields(Exchange exchange) {
        if (!"GET".equals(exchange.method()) || exchange.status() != 200
                || !PAYMENT_READ.matcher(specPath(exchange.path())).matches()) {
            return false;
        }
        try {
            ObjectNode body = (ObjectNode) JSON.readTree(exchange.body());
            JsonNode date = body.path("requestedExecutionDate");
            JsonNode agentName = body.path("creditorAgentName");
            if (INITIATION_ONLY_FIELDS.stream().noneMatch(body::has)
                    || (!date.isMissingNode() && !(date.isTextual() && ISO_DATE.matcher(date.asText()).matches()))
                    || (!agentName.isMissingNode() && !(agentName.isTextual() && agentName.asText().length() <= 140))) {
                return false; // each as the initiation's field: an ISO date, a Max140Text
            }
            body.remove(INITIATION_ONLY_FIELDS);
            JsonNode check = body.path("payeeVerification");
            if (check.isObject() && wellFormedPayeeVerification(check)) {
                body.remove("payeeVerification");
            }
            return BerlinGroupSpec.violations(new Exchange(exchange.method(), exchange.path(), exchange.status(),
                    exchange.headers(), JSON.writeValueAsString(body))).isEmpty();
        } catch (Exception e) {
            return false;
        }
    }

    /** See {@link #BULK_ENTRY_STATUS}: a bulk answer whose entries' own statuses are the only difference. */
    private static boolean conformsWithoutEntryStatuses(Exchange exchange) {
        if (!specPath(exchange.path()).startsWith("/v1/bulk-payments/")) {
            return false;
        }
        try {
            JsonNode body = JSON.readTree(exchange.body());
            JsonNode entries = body.path("payments");
            if (!entries.isArray() || entries.isEmpty()) {
                return false;
            }
            boolean statusAnswer = specPath(exchange.path()).endsWith("/status");
            for (JsonNode entry : entries) {
                JsonNode check = entry.path("payeeVerification");
                if (!entry.isObject() || !TRANSACTION_STATUSES.contains(entry.path("transactionStatus").asText(""))
                        || (!check.isMissingNode() && !wellFormedPayeeVerification(check))
                        || (statusAnswer && entry.size() != (check.isMissingNode() ? 1 : 2))) {
                    return false;
                }
                ((ObjectNode) entry).remove(List.of("transactionStatus", "payeeVerification"));
            }
            if (statusAnswer) {
                ((ObjectNode) body).remove("payments");
            }
            return BerlinGroupSpec.violations(new Exchange(exchange.method(), exchange.path(), exchange.status(),
                    exchange.headers(), JSON.writeValueAsString(body))).isEmpty();
        } catch (Exception e) {
            return false;
        }
    }

    /** See {@link #STANDING_ORDERS}: a standing-order report that conforms with its entries checked as booked ones. */
    private static boolean conformsWithInformationAsBooked(Exchange exchange) {
        if (!"GET".equals(exchange.method()) || !TRANSACTION_REPORT.matcher(specPath(exchange.path())).matches()) {
            return false;
        }
        try {
            JsonNode body = JSON.readTree(exchange.body());
            JsonNode report = body.path("transactions");
            JsonNode information = report.path("information");
            if (!report.isObject() || !information.isArray() || report.has("booked") || report.has("pending")) {
                return false;
            }
            for (JsonNode entry : information) {
                if (!entry.path("additionalInformationStructured").path("standingOrderDetails").isObject()) {
                    return false;
                }
            }
            ObjectNode rewritten = (ObjectNode) report;
            rewritten.set("booked", information);
            rewritten.remove("information");
            return BerlinGroupSpec.violations(new Exchange(exchange.method(), exchange.path(), exchange.status(),
                    exchange.headers(), JSON.writeValueAsString(body))).isEmpty();
        } catch (Exception e) {
            return false;
        }
    }

    private static boolean wellFormedPayeeVerification(JsonNode check) {
        String result = check.path("result").asText("");
        JsonNode matchedName = check.path("matchedName");
        boolean nameAsItShouldBe = "CMTC".equals(result)
                ? matchedName.isTextual() && !matchedName.asText().isBlank() && matchedName.asText().length() <= 140
                : matchedName.isMissingNode();
        return List.of("MTCH", "CMTC", "NMTC", "NOAP").contains(result) && nameAsItShouldBe
                && check.size() == (matchedName.isMissingNode() ? 1 : 2);
    }

    /** The body's consentStatus, or null when it has none or is no JSON. */
    /**
     * See {@link #CONSENT_STATUS_ACCEPTED}: a body of consentStatus {@code accepted} that conforms with {@code received}
     * in its place (the confirmation-of-funds file wraps the create answer in a oneOf, which reports the enum inside).
     */
    private static boolean onlyAcceptedDiffers(Exchange exchange) {
        if (!ACCEPTED.equals(consentStatus(exchange))) {
            return false;
        }
        try {
            ObjectNode body = (ObjectNode) JSON.readTree(exchange.body());
            body.put("consentStatus", "received");
            return BerlinGroupSpec.violations(new Exchange(exchange.method(), exchange.path(), exchange.status(),
                    exchange.headers(), JSON.writeValueAsString(body))).isEmpty();
        } catch (Exception e) {
            return false;
        }
    }

    private static String consentStatus(Exchange exchange) {
        try {
            JsonNode status = JSON.readTree(exchange.body()).path("consentStatus");
            return status.isTextual() ? status.asText() : null;
        } catch (Exception e) {
            return null;
        }
    }

    /** See {@link #SERVICE_UNAVAILABLE_BODY}: the standard error body of class ServiceUnavailable, nothing else. */
    private static boolean serviceUnavailableBody(Exchange exchange) {
        try {
            JsonNode body = JSON.readTree(exchange.body());
            if (!"ServiceUnavailable".equals(body.path("error_text").asText())
                    || !SERVICE_UNAVAILABLE.equals(body.path("error_code").asText())
                    || !body.path("tppMessages").isArray() || body.path("tppMessages").isEmpty()) {
                return false;
            }
            for (JsonNode message : body.path("tppMessages")) {
                if (!SERVICE_UNAVAILABLE.equals(message.path("code").asText())) {
                    return false;
                }
            }
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** The error body names a class of the interface's error table whose status is the response's, code = error_code. */
    private static boolean statusOfTheInterfacesTable(Exchange exchange) {
        try {
            JsonNode body = JSON.readTree(exchange.body());
            String errorText = body.path("error_text").asText("");
            String errorCode = body.path("error_code").asText("");
            Integer status = INTERFACE_ERROR_TABLE.get(errorText);
            if (status == null || status != exchange.status()) {
                return false;
            }
            for (JsonNode message : body.path("tppMessages")) {
                if (!errorCode.equals(message.path("code").asText())) {
                    return false;
                }
            }
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** "Object instance has properties which are not allowed by the schema: ["error_code","error_message"]". */
    private static boolean onlyErrorFields(String text) {
        int open = text.lastIndexOf('[');
        int close = text.lastIndexOf(']');
        if (open < 0 || close < open) {
            return false;
        }
        for (String name : text.substring(open + 1, close).split(",")) {
            if (!ERROR_FIELD_NAMES.contains(name.trim().replace("\"", ""))) {
                return false;
            }
        }
        return true;
    }
}
