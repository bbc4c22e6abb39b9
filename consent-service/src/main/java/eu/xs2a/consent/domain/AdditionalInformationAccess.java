package eu.xs2a.consent.domain;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The Berlin Group additionalInformationAccess of an AIS consent. Only {@code ownerName} is offered: the accounts
 * whose owner name the TPP asks for, each also named in accounts, balances or transactions; an empty list asks for
 * the owner name of every account the consent names. (trustedBeneficiaries is not offered, so it is not kept, and
 * the consent shown to the TPP says so by its absence.)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record AdditionalInformationAccess(
        @Schema(description = "accounts also named in accounts, balances or transactions; empty: every named account")
        List<@NotNull(message = AccountAccess.NOT_A_REFERENCE) @Valid AccountReference> ownerName) {
}
