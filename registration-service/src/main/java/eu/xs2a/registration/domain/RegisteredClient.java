package eu.xs2a.registration.domain;

/**
 * A client just created, or registered again by its organisation, with its new secret in clear text (null unless
 * client_secret_basic): the only moment the secret exists outside the TPP.
 */
public record RegisteredClient(OAuthClient client, String clientSecret) {
}
