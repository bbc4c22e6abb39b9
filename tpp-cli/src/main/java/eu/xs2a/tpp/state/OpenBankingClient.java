package eu.xs2a.tpp.state;

import java.util.Optional;

/**
 * The client that {@code bin/tpp ob register} registered: what {@code bin/tpp ob certificate} authenticates with, and
 * what a repeated registration reuses (the same software, so the gateway answers the same client).
 *
 * @param clientId               the gateway's client_id
 * @param clientSecret           for client_secret_basic, the secret of the latest registration; empty for
 *                               private_key_jwt, whose client signs assertions with the current certificate instead
 * @param authMethod             token_endpoint_auth_method: client_secret_basic or private_key_jwt
 * @param softwareId             the software statement's software_id
 * @param organizationIdentifier the organisation the client belongs to
 */
public record OpenBankingClient(String clientId, Optional<String> clientSecret, String authMethod, String softwareId,
                                String organizationIdentifier) {

    public static final String CLIENT_SECRET_BASIC = "client_secret_basic";
    public static final String PRIVATE_KEY_JWT = "private_key_jwt";
}
