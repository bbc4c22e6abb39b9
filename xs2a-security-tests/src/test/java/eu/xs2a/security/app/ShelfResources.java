package eu.xs2a.security.app;

import eu.xs2a.security.quarkus.CurrentTpp;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** One signed method inherited by two resources that require different roles (as consent-service's are). */
public final class ShelfResources {

    private ShelfResources() {
    }

    @Produces(MediaType.APPLICATION_JSON)
    public abstract static class Shelf {

        @Inject CurrentTpp currentTpp;

        @GET
        @Signed
        @Path("{id}")
        public Map<String, String> get(@PathParam("id") String id) {
            return Map.of("id", id, "tppId", currentTpp.tppId());
        }
    }

    @Path("/{provider}/api/berlingroup/v1/ais-shelf")
    @RequiresRole(Role.PSP_AI)
    public static class AisShelf extends Shelf {
    }

    @Path("/{provider}/api/berlingroup/v1/pis-shelf")
    @RequiresRole(Role.PSP_PI)
    public static class PisShelf extends Shelf {
    }

    /** Outside a provider, as the registration endpoints are: AccessDenied is 401 here. */
    @Path("/api/berlingroup/v1/registration-shelf")
    public static class RegistrationShelf extends Shelf {
    }
}
