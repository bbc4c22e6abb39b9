package eu.xs2a.platform.sca;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * An SCA method of a PSU as the bank reports it (BANK-API.md): the Berlin Group authenticationObject's fields, and
 * whether it is decoupled (the PSU approves in the bank's app), which only the gateway's choice of approach reads.
 */
@RegisterForReflection
public record BankScaMethod(String authenticationMethodId, String authenticationType, String name, boolean decoupled) {

    /** The Berlin Group authenticationObject shown to the TPP. */
    @JsonIgnore
    public AuthenticationObject toTpp() {
        return new AuthenticationObject(authenticationType, authenticationMethodId, name);
    }
}
