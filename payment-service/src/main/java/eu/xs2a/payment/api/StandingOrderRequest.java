package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.payment.domain.StandingOrder;
import eu.xs2a.platform.validation.IsoDate;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.util.List;

/**
 * The standing-order part of Berlin Group 1.3.6's periodicPaymentInitiation_json, read from the same body as
 * {@link PaymentInitiationRequest} (which ignores these fields). Each field's own format is a constraint, so that a
 * wrong one is a FormatError naming it; the rules between fields are the domain's ({@code StandingOrder#validate}).
 * {@code monthsOfExecution} (the 1.3.6 standingOrderDetails field of a MonthlyVariable order) is accepted as well.
 * Written too, as the terms part of a pain.001 order's multipart read.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record StandingOrderRequest(
        @NotBlank(message = PaymentInitiationRequest.REQUIRED) @IsoDate String startDate,
        @IsoDate String endDate,
        @Pattern(regexp = "following|preceding", message = "must be following or preceding") String executionRule,
        @NotBlank(message = PaymentInitiationRequest.REQUIRED)
        @Pattern(regexp = FREQUENCY, message = "must be one of Daily, Weekly, EveryTwoWeeks, Monthly, EveryTwoMonths,"
                + " Quarterly, SemiAnnual, Annual, MonthlyVariable") String frequency,
        @Pattern(regexp = DAY, message = "must be a day of the month, 1 to 31, without leading zero")
        String dayOfExecution,
        List<@NotNull(message = "must be a month, 1 to 12")
        @Pattern(regexp = MONTH, message = "must be a month, 1 to 12, without leading zero") String> monthsOfExecution) {

    /** The fields of the terms, as the multipart form's JSON part holds them alone. */
    static final List<String> FIELDS = List.of("startDate", "endDate", "executionRule", "frequency", "dayOfExecution",
            "monthsOfExecution");
    static final String FREQUENCY = "Daily|Weekly|EveryTwoWeeks|Monthly|EveryTwoMonths|Quarterly|SemiAnnual|Annual"
            + "|MonthlyVariable";
    static final String DAY = "[1-9]|[12][0-9]|3[01]";
    static final String MONTH = "[1-9]|1[0-2]";

    static StandingOrderRequest of(StandingOrder terms) {
        return new StandingOrderRequest(terms.startDate().toString(),
                terms.endDate() == null ? null : terms.endDate().toString(), terms.executionRule(), terms.frequency(),
                terms.dayOfExecution(), terms.monthsOfExecution());
    }
}
