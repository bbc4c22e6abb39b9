package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import eu.xs2a.platform.validation.IsoDate;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The Berlin Group bulk body (bulkPaymentInitiation_json): the debtor account (required) and execution date of all
 * entries, and the entries, each a single payment's body without debtorAccount and requestedExecutionDate (which an
 * entry may not hold: FormatError naming it). Each field's rules are the single payment's, named with the entry's
 * index ({@code payments[1].creditorName is required}). {@code requestedExecutionTime} is read only to be refused.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record BulkPaymentInitiationRequest(
        @Schema(description = "true: the debtor account is debited once with the total, or the whole bulk is"
                + " rejected; false or absent: each entry is executed on its own (a bulk some of whose entries the"
                + " funds cannot cover ends PART)")
        Boolean batchBookingPreferred,
        @NotNull(message = PaymentInitiationRequest.REQUIRED) @Valid
        PaymentInitiationRequest.AccountReference debtorAccount,
        @Schema(description = PaymentInitiationRequest.EXECUTION_DATE) @IsoDate String requestedExecutionDate,
        @Schema(description = "not offered: a bulk is executed on its day, at no time of it the TPP chooses (any"
                + " value is 400 FORMAT_ERROR, rather than a time the bank would not keep)")
        Object requestedExecutionTime,
        @Schema(description = "the credit transfers, at most payment.bulk.max-size (100)")
        @NotEmpty(message = "is required (at least one payment)")
        List<@NotNull(message = "must be an object") @Valid PaymentInitiationRequest> payments) {
}
