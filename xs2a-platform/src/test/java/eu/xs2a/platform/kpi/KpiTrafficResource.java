package eu.xs2a.platform.kpi;

import eu.xs2a.platform.bank.BankClients;
import eu.xs2a.platform.bank.ProbeApi;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.time.Duration;

/**
 * Endpoints on the dedicated interface's paths for {@link KpiTest}'s known traffic: each takes {@code ms} (the
 * latency it is counted with, by {@link TestTicker}) and answers as {@code answer} says: {@code ok}, {@code refused}
 * (400 by the gateway), {@code broken} (an unexpected exception, 500), {@code bank} (a call to the provider's bank,
 * which refuses the connection: 503 translated by the bank client).
 */
@Path("/")
public class KpiTrafficResource {

    private final TestTicker ticker;
    private final BankClients banks;

    KpiTrafficResource(TestTicker ticker, BankClients banks) {
        this.ticker = ticker;
        this.banks = banks;
    }

    @GET
    @Path("/sandbox/api/berlingroup/v1/accounts/{answer}")
    public String accounts(@PathParam("answer") String answer, @QueryParam("ms") long ms) {
        return answer(answer, ms);
    }

    @GET
    @Path("/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/{answer}")
    public String payments(@PathParam("answer") String answer, @QueryParam("ms") long ms) {
        return answer(answer, ms);
    }

    @GET
    @Path("/api/berlingroup/v1/tpp/{answer}")
    public String registration(@PathParam("answer") String answer, @QueryParam("ms") long ms) {
        return answer(answer, ms);
    }

    private String answer(String answer, long ms) {
        ticker.advance(Duration.ofMillis(ms));
        return switch (answer) {
            case "ok" -> "{}";
            case "refused" -> throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "refused by the test");
            case "broken" -> throw new IllegalStateException("broken by the test");
            case "bank" -> banks.of("sandbox", ProbeApi.class).call("answer the probe", ProbeApi::probe);
            default -> throw new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "no such answer");
        };
    }
}
