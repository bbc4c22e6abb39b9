package eu.xs2a.payment.api;

import com.fasterxml.jackson.databind.JsonNode;
import eu.xs2a.payment.domain.AccountRef;
import eu.xs2a.payment.domain.BulkOrder;
import eu.xs2a.payment.domain.Money;
import eu.xs2a.payment.domain.PaymentOrder;
import eu.xs2a.payment.domain.PostalAddress;
import eu.xs2a.payment.domain.StandingOrder;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.http.JsonBodies;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.validation.Ibans;
import eu.xs2a.platform.validation.IsoDates;
import eu.xs2a.platform.validation.Violations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.core.MediaType;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the initiation body, through xs2a-platform's {@link JsonBodies}, into the domain's order. Wrong JSON,
 * wrong types (a number where the Berlin Group wants a string, an array where it wants an object) and a field that
 * breaks its own rule ({@link PaymentInitiationRequest}'s constraints, a malformed date among them, a free text with
 * a character the provider's {@code text-charset} does not allow) are refused there.
 */
@ApplicationScoped
public class InitiationBodyReader {

    /** The Berlin Group's XML products: {@code pain.001-sepa-credit-transfers} and the like. */
    static final String PAIN_001_PREFIX = "pain.001-";
    /** The parts of a periodic payment's multipart body (Berlin Group's periodicPaymentInitiationMultipartBody). */
    static final String XML_PART = "xml_sct";
    static final String TERMS_PART = "json_standingorderType";
    private static final Set<String> PERIODIC_PARTS = new LinkedHashSet<>(List.of(XML_PART, TERMS_PART));

    @Inject JsonBodies bodies;
    @Inject ProviderRegistry providers;
    @Inject Pain001Reader pain001;

    /**
     * The body of an initiation of {@code paymentProduct} at {@code providerCode}, whose free texts are in that
     * provider's character set: JSON, or for a {@code pain.001-} product an ISO 20022 document read into the same
     * fields ({@link Pain001Reader}).
     */
    InitiationBody read(String paymentProduct, String contentType, byte[] body, String providerCode) {
        requireContentType(paymentProduct, false, contentType);
        Pain001Reader.Read document = paymentProduct.startsWith(PAIN_001_PREFIX) ? pain001.read(body) : null;
        PaymentInitiationRequest request = bodies.read(MediaType.APPLICATION_JSON,
                document != null ? document.json() : body, PaymentInitiationRequest.class,
                providers.require(providerCode).textCharset());
        return new InitiationBody(order(request), null, null, document != null ? document.document() : null);
    }

    /**
     * The body of a bulk initiation: JSON ({@link BulkPaymentInitiationRequest}), or for a {@code pain.001-} product
     * one PmtInf with its CdtTrfTxInf ({@link Pain001Reader#readBulk}). Its first entry stands for the payment's own
     * order.
     */
    InitiationBody readBulk(String paymentProduct, String contentType, byte[] body, String providerCode) {
        requireContentType(paymentProduct, false, contentType);
        Pain001Reader.Read document = paymentProduct.startsWith(PAIN_001_PREFIX) ? pain001.readBulk(body) : null;
        BulkPaymentInitiationRequest request = bodies.read(MediaType.APPLICATION_JSON,
                document != null ? document.json() : body, BulkPaymentInitiationRequest.class,
                providers.require(providerCode).textCharset());
        if (request.requestedExecutionTime() != null) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "requestedExecutionTime is not offered: a bulk is"
                    + " executed on its requestedExecutionDate").at("requestedExecutionTime");
        }
        List<PaymentOrder> entries = new ArrayList<>();
        for (int i = 0; i < request.payments().size(); i++) {
            PaymentInitiationRequest entry = request.payments().get(i);
            // Berlin Group: these are the bulk's, never an entry's
            if (entry.debtorAccount() != null) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "payments[" + i + "].debtorAccount is not allowed:"
                        + " a bulk's entries share its debtorAccount").at("payments[" + i + "].debtorAccount");
            }
            if (entry.requestedExecutionDate() != null) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "payments[" + i + "].requestedExecutionDate is not"
                        + " allowed: a bulk's entries share its requestedExecutionDate")
                        .at("payments[" + i + "].requestedExecutionDate");
            }
            entries.add(order(entry));
        }
        BulkOrder bulk = new BulkOrder(request.batchBookingPreferred(), account(request.debtorAccount()),
                date(request.requestedExecutionDate()), entries);
        return new InitiationBody(bulk.entry(0), null, bulk, document != null ? document.document() : null);
    }

    private static PaymentOrder order(PaymentInitiationRequest request) {
        return new PaymentOrder(request.creditorName(), account(request.creditorAccount()),
                account(request.debtorAccount()), money(request.instructedAmount()), address(request.creditorAddress()),
                request.creditorAgent(), request.creditorAgentName(), request.remittanceInformationUnstructured(),
                request.endToEndIdentification(), date(request.requestedExecutionDate()));
    }

    /**
     * The body of a periodic payment: JSON, the payment's fields and the standing order's terms in one object; or for
     * a {@code pain.001-} product Berlin Group's multipart form, the document of one payment in part {@code xml_sct}
     * and the terms as JSON in part {@code json_standingorderType}. The document's ReqdExctnDt, which its schema
     * requires, must be the startDate: both name the first execution.
     */
    InitiationBody readPeriodic(String paymentProduct, String contentType, byte[] body, String providerCode) {
        if (!paymentProduct.startsWith(PAIN_001_PREFIX)) {
            InitiationBody read = read(paymentProduct, contentType, body, providerCode);
            if (read.order().requestedExecutionDate() != null) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "requestedExecutionDate is not a field of a periodic"
                        + " payment: its executions start at startDate");
            }
            return read.withTerms(terms(bodies.read(contentType, body, StandingOrderRequest.class)));
        }
        requireContentType(paymentProduct, true, contentType);
        Map<String, byte[]> parts = MultipartForm.parts(contentType, body, PERIODIC_PARTS);
        Pain001Reader.Read document = pain001.read(parts.get(XML_PART));
        PaymentOrder order = order(bodies.read(MediaType.APPLICATION_JSON, document.json(),
                PaymentInitiationRequest.class, providers.require(providerCode).textCharset()));
        StandingOrder terms = termsPart(parts.get(TERMS_PART));
        if (!terms.startDate().equals(order.requestedExecutionDate())) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, XML_PART + "'s ReqdExctnDt "
                    + order.requestedExecutionDate() + " must be " + TERMS_PART + "'s startDate " + terms.startDate()
                    + ": both name the first execution");
        }
        PaymentOrder undated = new PaymentOrder(order.creditorName(), order.creditorAccount(), order.debtorAccount(),
                order.instructedAmount(), order.creditorAddress(), order.creditorAgent(), order.creditorAgentName(),
                order.remittanceInformationUnstructured(), order.endToEndIdentification(), null);
        return new InitiationBody(undated, terms, null, document.document());
    }

    /**
     * The multipart form's terms: a JSON object of the terms' fields only (the payment's are the document's). Every
     * refusal, from the JSON's syntax to a field's value, is said of the part.
     */
    private StandingOrder termsPart(byte[] part) {
        try {
            JsonNode fields = bodies.readOptional(MediaType.APPLICATION_JSON, part);
            if (fields == null || !fields.isObject()) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "The part must be a JSON object");
            }
            for (String name : (Iterable<String>) fields::fieldNames) {
                if (!StandingOrderRequest.FIELDS.contains(name)) {
                    throw new Psd2Exception(ErrorClass.FORMAT_ERROR, name + " is not a field of the standing"
                            + " order's terms (" + String.join(", ", StandingOrderRequest.FIELDS) + ")").at(name);
                }
            }
            return terms(bodies.read(MediaType.APPLICATION_JSON, part, StandingOrderRequest.class));
        } catch (ConstraintViolationException e) {
            throw inTermsPart(Violations.refusal(e.getConstraintViolations()));
        } catch (Psd2Exception e) {
            throw inTermsPart(e);
        }
    }

    /** A refusal of the terms, said of the part: the TPP's form has no top-level frequency. */
    private static Psd2Exception inTermsPart(Psd2Exception e) {
        Psd2Exception refusal = new Psd2Exception(e.errorClass(), TERMS_PART + ": " + e.getMessage());
        return e.path() == null ? refusal : refusal.at(TERMS_PART + "." + e.path());
    }

    private static StandingOrder terms(StandingOrderRequest request) {
        return new StandingOrder(IsoDates.parse("startDate", request.startDate()),
                request.endDate() == null ? null : IsoDates.parse("endDate", request.endDate()),
                request.executionRule(), request.frequency(), request.dayOfExecution(), request.monthsOfExecution());
    }

    /**
     * The product's body type, checked before the headers: JSON, or for a {@code pain.001-} product XML, or multipart
     * for a {@code periodic} payment.
     */
    void requireContentType(String paymentProduct, boolean periodic, String contentType) {
        if (paymentProduct.startsWith(PAIN_001_PREFIX) && periodic) {
            MultipartForm.requireMultipart(contentType, "(parts " + XML_PART + " and " + TERMS_PART + ") for a"
                    + " periodic payment of a pain.001 product");
        } else if (paymentProduct.startsWith(PAIN_001_PREFIX)) {
            Pain001Reader.requireXml(contentType);
        } else {
            JsonBodies.requireJson(contentType);
        }
    }

    private static AccountRef account(PaymentInitiationRequest.AccountReference ref) {
        // the IBAN's electronic form (no spaces, capitals) is what is checked, stored and sent to the bank
        return ref == null ? null
                : new AccountRef(Ibans.normalise(ref.iban()), ref.bban(), ref.sortCode(), ref.swiftCode(), ref.currency());
    }

    private static Money money(PaymentInitiationRequest.Amount amount) {
        return amount == null ? null : new Money(amount.currency(), amount.amount());
    }

    private static PostalAddress address(PaymentInitiationRequest.Address a) {
        return a == null ? null : new PostalAddress(a.streetName(), a.buildingNumber(), a.townName(), a.postCode(), a.country());
    }

    private static LocalDate date(String value) {
        return value == null ? null : IsoDates.parse("requestedExecutionDate", value);
    }
}
