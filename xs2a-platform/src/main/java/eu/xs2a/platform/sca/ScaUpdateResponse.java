package eu.xs2a.platform.sca;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.platform.api.Href;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Berlin Group updatePsuAuthenticationResponse, selectPsuAuthenticationMethodResponse and scaStatusResponse of a
 * transaction authorisation, and (with {@code authorisationId}) startScaprocessResponse: the answer to a step of an
 * embedded or decoupled authorisation. Absent fields are left out.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record ScaUpdateResponse(ScaStatus scaStatus, String authorisationId, List<AuthenticationObject> scaMethods,
                                AuthenticationObject chosenScaMethod, ChallengeData challengeData,
                                @JsonProperty("_links") Map<String, Href> links, String psuMessage) {

    /**
     * The answer to a TPP's step of the authorisation at {@code path}: the status reached, the PSU's methods with
     * selectAuthenticationMethod when the PSU must choose, the chosen method and its challenge with
     * authoriseTransaction when a code comes next, a decoupled method's psuMessage, and always scaStatus.
     */
    public static ScaUpdateResponse afterStep(String path, ScaStatus status, BankScaStep bank) {
        Map<String, Href> links = new LinkedHashMap<>();
        List<AuthenticationObject> methods = null;
        AuthenticationObject chosen = null;
        if (status == ScaStatus.psuAuthenticated && bank.scaMethods() != null) {
            methods = bank.scaMethods().stream().map(BankScaMethod::toTpp).toList();
            links.put("selectAuthenticationMethod", new Href(path));
        }
        if (status == ScaStatus.scaMethodSelected && bank.chosenScaMethod() != null) {
            chosen = bank.chosenScaMethod().toTpp();
            if (!bank.chosenScaMethod().decoupled()) {
                links.put("authoriseTransaction", new Href(path));
            }
        }
        links.put("scaStatus", new Href(path));
        return new ScaUpdateResponse(status, null, methods, chosen, chosen == null ? null : bank.challengeData(),
                links, bank.psuMessage());
    }

    /**
     * This answer as the startScaprocessResponse of an explicitly started authorisation: with its id, and
     * updatePsuAuthentication first while an embedded one waits for the password.
     */
    public ScaUpdateResponse started(String authorisationId, ScaApproach approach) {
        Map<String, Href> started = new LinkedHashMap<>();
        if (approach == ScaApproach.EMBEDDED && scaStatus == ScaStatus.received) {
            started.put("updatePsuAuthentication", links.get("scaStatus"));
        }
        started.putAll(links);
        return new ScaUpdateResponse(scaStatus, authorisationId, scaMethods, chosenScaMethod, challengeData, started,
                psuMessage);
    }
}
