package eu.xs2a.payment.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import eu.xs2a.payment.domain.AccountRef;
import eu.xs2a.payment.domain.Money;
import eu.xs2a.payment.domain.PaymentOrder;
import eu.xs2a.payment.domain.PostalAddress;
import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.IsoDates;
import eu.xs2a.security.error.JsonBodyError;
import eu.xs2a.security.error.Psd2Exception;
import eu.xs2a.security.json.StrictJson;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDate;

/**
 * Reads the initiation body from the exact bytes received. Wrong JSON, wrong types (a number where the
 * Berlin Group wants a string, an array where it wants an object) and a malformed date are FormatError. The
 * explicit authorisation start's optional body is checked by the same policy.
 */
@ApplicationScoped
public class InitiationBodyReader {

    private final ObjectReader reader;
    private final ObjectReader objects;

    public InitiationBodyReader(ObjectMapper mapper) {
        ObjectMapper strict = StrictJson.applyTo(mapper.copy());
        this.reader = strict.readerFor(PaymentInitiationRequest.class);
        this.objects = strict.reader();
    }

    /** No body at all, or only JSON's whitespace (RFC 8259). */
    static boolean isAbsent(byte[] body) {
        if (body != null) {
            for (byte b : body) {
                if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * A body that must be one JSON object, whose fields are not used (the explicit authorisation start: redirect SCA
     * needs no PSU data). Read by the same strict policy, so broken JSON is refused rather than ignored.
     */
    void requireObject(byte[] body) {
        try {
            JsonNode value = objects.readTree(body);
            if (value == null || !value.isObject()) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "The request body must be a JSON object");
            }
        } catch (JsonProcessingException e) {
            throw JsonBodyError.of(e);
        } catch (IOException e) {
            throw new UncheckedIOException("Reading a body held in memory", e);
        }
    }

    PaymentOrder read(byte[] body) {
        if (body == null || body.length == 0) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "The payment initiation body is missing");
        }
        PaymentInitiationRequest request;
        try {
            request = reader.readValue(body);
        } catch (JsonProcessingException e) {
            throw JsonBodyError.of(e);
        } catch (IOException e) {
            throw new UncheckedIOException("Reading a body held in memory", e);
        }
        if (request == null) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "The payment initiation body is missing");
        }
        return new PaymentOrder(request.creditorName(), account(request.creditorAccount()),
                account(request.debtorAccount()), money(request.instructedAmount()), address(request.creditorAddress()),
                request.creditorAgentName(), request.remittanceInformationUnstructured(),
                request.endToEndIdentification(), date(request.requestedExecutionDate()));
    }

    private static AccountRef account(PaymentInitiationRequest.AccountReference ref) {
        return ref == null ? null : new AccountRef(ref.iban(), ref.bban(), ref.sortCode(), ref.swiftCode(), ref.currency());
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
