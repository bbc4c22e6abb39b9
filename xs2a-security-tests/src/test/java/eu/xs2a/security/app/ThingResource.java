package eu.xs2a.security.app;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.core.HeaderText;
import eu.xs2a.security.quarkus.CurrentTpp;
import eu.xs2a.security.quarkus.ReplayAnswers;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.sql.SQLTransientConnectionException;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A signed Berlin Group-like resource of the test application. */
@Path("/{provider_code}/api/berlingroup/v1/things")
@Signed
@RequiresRole(Role.PSP_AI)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ThingResource {

    /** How many things were really created (a replayed create must not add one). */
    static final AtomicInteger CREATED = new AtomicInteger();

    @Inject CurrentTpp currentTpp;
    @Inject ReplayAnswers answers;

    public record ThingRequest(@NotBlank String name, Integer count) {
    }

    public record Thing(String thingId, String tppId, String name, Integer count) {
    }

    @POST
    public Response create(@PathParam("provider_code") String provider, @Valid ThingRequest request) {
        CREATED.incrementAndGet();
        String id = UUID.randomUUID().toString();
        return Response.created(URI.create("/" + provider + "/api/berlingroup/v1/things/" + id))
                .header("ASPSP-SCA-Approach", "REDIRECT")
                .entity(new Thing(id, currentTpp.tppId(), request.name(), request.count()))
                .build();
    }

    /**
     * A create that keeps its answer as a service does with its resource's commit (here without a transaction), then
     * fails ({@code name} "fails") or answers with a higher count ({@code name} "changes").
     */
    @POST
    @Path("kept")
    public Response createKept(@PathParam("provider_code") String provider, @Valid ThingRequest request) {
        CREATED.incrementAndGet();
        String id = UUID.randomUUID().toString();
        Thing thing = new Thing(id, currentTpp.tppId(), request.name(), 0);
        answers.keep(created(provider, thing));
        if ("fails".equals(request.name())) {
            throw new IllegalStateException("died after the commit");
        }
        return created(provider, new Thing(id, thing.tppId(), thing.name(), 1));
    }

    private static Response created(String provider, Thing thing) {
        return Response.created(URI.create("/" + provider + "/api/berlingroup/v1/things/" + thing.thingId()))
                .entity(thing).build();
    }

    /** A create that has begun ({@link #SLOW_ENTERED}) and waits for the test to let it finish ({@link #SLOW_GO}). */
    static volatile CountDownLatch SLOW_ENTERED = new CountDownLatch(1);
    static volatile CountDownLatch SLOW_GO = new CountDownLatch(1);

    @POST
    @Path("slow")
    public Response createSlowly(@PathParam("provider_code") String provider, @Valid ThingRequest request)
            throws InterruptedException {
        SLOW_ENTERED.countDown();
        if (!SLOW_GO.await(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the test never let the slow create finish");
        }
        return create(provider, request);
    }

    /** As the services take a body: raw, whatever its Content-Type, which the resource then checks itself. */
    @POST
    @Path("raw")
    @Consumes(MediaType.WILDCARD)
    public Map<String, Object> raw(@HeaderParam("Content-Type") String contentType, String body) {
        if (contentType == null) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "Content-Type must be application/json");
        }
        return Map.of("length", body.length());
    }

    /** The PSU-ID as the services read it: the text its octets carry. */
    @GET
    @Path("psu")
    public Map<String, Object> psu(@HeaderParam("PSU-ID") String psuId) {
        return Map.of("psuId", HeaderText.text(psuId), "length", HeaderText.length(psuId));
    }

    @GET
    @Path("{id}")
    public Map<String, Object> get(@PathParam("id") String id) {
        return Map.of("thingId", id, "tppId", currentTpp.tppId(), "roles", currentTpp.get().roles(),
                "scopes", currentTpp.get().scopes());
    }

    @POST
    @Path("payments")
    @RequiresRole({Role.PSP_PI})
    public Map<String, String> pay(Map<String, Object> body) {
        return Map.of("tppId", currentTpp.tppId(), "status", "RCVD");
    }

    @GET
    @Path("boom")
    public String boom() {
        throw new IllegalStateException("secret internal detail of com.example.Hidden");
    }

    @GET
    @Path("db-down")
    public String databaseDown() {
        throw new RuntimeException(new SQLTransientConnectionException("Acquisition timeout while waiting for new connection"));
    }

    @GET
    @Path("bank-down")
    public String bankDown() {
        throw Psd2Exception.serviceUnavailable("The bank did not answer in time", 5, null);
    }
}
