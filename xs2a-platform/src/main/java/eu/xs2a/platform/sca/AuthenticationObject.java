package eu.xs2a.platform.sca;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** Berlin Group authenticationObject: an SCA method of the PSU (in scaMethods and chosenScaMethod). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record AuthenticationObject(String authenticationType, String authenticationMethodId, String name) {
}
