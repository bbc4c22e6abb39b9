package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.api.AccountDtos.Amount;
import eu.xs2a.sandbox.domain.AccountRef;
import eu.xs2a.sandbox.domain.BankException;
import eu.xs2a.sandbox.domain.FundsService;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;

/** Funds checks: is this amount available on this account right now? */
@Path("/bank/v1/funds-checks")
@BankApi
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class BankFundsResource {

    @RegisterForReflection
    public record FundsCheck(AccountRef account, Amount instructedAmount) {
    }

    @RegisterForReflection
    public record FundsAnswer(boolean fundsAvailable) {
    }

    @Inject FundsService funds;

    @POST
    public FundsAnswer check(FundsCheck body) {
        if (body == null || body.instructedAmount() == null || body.instructedAmount().currency() == null
                || body.instructedAmount().amount() == null) {
            throw BankException.badRequest("account and instructedAmount {currency, amount} are required");
        }
        if (!body.instructedAmount().amount().matches("\\d{1,15}(\\.\\d{1,2})?")) {
            throw BankException.badRequest("instructedAmount.amount must be a positive decimal, not " + body.instructedAmount().amount());
        }
        return new FundsAnswer(funds.fundsAvailable(body.account(), body.instructedAmount().currency(),
                new BigDecimal(body.instructedAmount().amount())));
    }
}
