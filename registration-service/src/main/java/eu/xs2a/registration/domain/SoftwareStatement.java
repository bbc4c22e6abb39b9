package eu.xs2a.registration.domain;

import eu.xs2a.security.tpp.Role;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jose4j.jwk.JsonWebKeySet;

/**
 * A verified software statement assertion (SSA) of the directory.
 *
 * @param compact       the SSA as received (kept with the client)
 * @param softwareId    {@code software_id}
 * @param orgId         {@code org_id}: the organisation in the directory (the QSEAL's organizationIdentifier)
 * @param clientName    {@code software_client_name}
 * @param redirectUris  {@code software_redirect_uris}, the master set of redirect URIs, if the SSA defines one
 * @param roles         {@code software_roles} as PSD2 roles (AISP/PSP_AI, PISP/PSP_PI, CBPII/PSP_IC, ASPSP/PSP_AS)
 * @param jwks          {@code software_jwks}, the software's own signing keys, if inline
 * @param contactEmail  the first e-mail of {@code org_contacts}, where letters about the client go
 */
public record SoftwareStatement(String compact, String softwareId, Optional<String> orgId, Optional<String> clientName,
                                Optional<List<String>> redirectUris, Set<Role> roles, Optional<JsonWebKeySet> jwks,
                                Optional<String> contactEmail) {
}
