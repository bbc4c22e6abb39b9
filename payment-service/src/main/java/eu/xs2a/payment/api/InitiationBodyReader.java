package eu.xs2a.payment.api;

import com.fasterxml.jackson.core.JsonProcessingException;
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
 * Berlin Group wants a string, an array where it wants an object) and a malformed date are FormatError.
 */
@ApplicationScoped
public class InitiationBodyReader {

    private final ObjectReader reader;

    public InitiationBodyReader(ObjectMapper mapper) {
        this.reader = StrictJson.applyTo(mapper.copy()).readerFor(PaymentInitiationRequest.class);
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
