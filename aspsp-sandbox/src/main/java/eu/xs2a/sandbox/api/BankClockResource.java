package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.config.BankClock;
import eu.xs2a.sandbox.config.SandboxConfig;
import eu.xs2a.sandbox.domain.BankException;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.LocalDate;

/**
 * The bank's date for tests (BANK-API.md "Bank clock"): read it, or move it forward with
 * {@code sandbox.clock-control} on, so that the standing-order job executes the occurrences due by then. Off: 404.
 */
@Path("/bank/v1/clock")
@BankApi
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class BankClockResource {

    @RegisterForReflection
    public record BankDate(LocalDate today) {
    }

    @Inject BankClock clock;
    @Inject SandboxConfig config;

    @GET
    public BankDate today() {
        requireControl();
        return new BankDate(LocalDate.now(clock));
    }

    @PUT
    public BankDate moveTo(BankDate body) {
        requireControl();
        if (body == null || body.today() == null) {
            throw BankException.badRequest("today is required");
        }
        if (!clock.moveTo(body.today())) {
            throw BankException.badRequest("today " + body.today() + " is not after the bank's date "
                    + LocalDate.now(clock) + ": the bank's clock only moves forward");
        }
        return new BankDate(LocalDate.now(clock));
    }

    /** Back to the machine's date: what a test that moved the clock does when it is done. */
    @DELETE
    public BankDate reset() {
        requireControl();
        clock.reset();
        return new BankDate(LocalDate.now(clock));
    }

    private void requireControl() {
        if (!config.clockControl()) {
            throw BankException.notFound("NOT_FOUND", "the bank's clock is not controllable here");
        }
    }
}
