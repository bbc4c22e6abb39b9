package eu.xs2a.security.quarkus;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.tpp.TppIdentity;
import jakarta.enterprise.context.RequestScoped;

/** The authenticated TPP of the current signed request, set by the signature filter. */
@RequestScoped
public class CurrentTpp {

    private TppIdentity identity;

    public TppIdentity get() {
        if (identity == null) {
            // Reaching this means a resource read the caller without @Signed: a programming error, never a pass.
            throw new Psd2Exception(ErrorClass.SIGNATURE_MISSING, "The request is not signed");
        }
        return identity;
    }

    public String tppId() {
        return get().tppId();
    }

    /** The TPP's id once the signature filter has identified it, else null (for logs of early refusals). */
    public String tppIdIfKnown() {
        return identity == null ? null : identity.tppId();
    }

    void set(TppIdentity identity) {
        this.identity = identity;
    }
}
