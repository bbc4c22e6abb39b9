package eu.xs2a.platform.http;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;

/** A careless handler for {@link RefusalLogTest}: it refuses a value by quoting it whole. */
@Path("/test/quoting")
public class QuotingResource {

    @GET
    public String refuse(@QueryParam("value") String value) {
        throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "value '" + value + "' is not accepted here");
    }
}
