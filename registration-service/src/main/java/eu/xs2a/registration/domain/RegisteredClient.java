package eu.xs2a.registration.domain;

/** A client just created, with its secret in clear text: the only moment the secret exists outside the TPP. */
public record RegisteredClient(OAuthClient client, String clientSecret) {
}
