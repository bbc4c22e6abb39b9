package eu.xs2a.registration.api;

import eu.xs2a.platform.http.BrowserFacing;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.registration.domain.AuthorizationService;
import eu.xs2a.registration.domain.ClientMetadataRules;
import eu.xs2a.registration.domain.OAuthClient;
import eu.xs2a.registration.domain.OAuthClientAuthentication;
import eu.xs2a.registration.domain.OAuthEndpoints;
import eu.xs2a.registration.domain.OAuthForm;
import eu.xs2a.registration.domain.OAuthSigningKey;
import eu.xs2a.registration.domain.Pkce;
import eu.xs2a.registration.domain.TokenService;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The OAuth2 authorisation server of one provider, for the clients made by open-banking registration
 * (docs/ARCHITECTURE.md "OAuth2"): metadata (RFC 8414), JWKS, token (RFC 6749, PKCE RFC 7636, client assertions
 * RFC 7523), revocation (RFC 7009), and the browser's authorize and callback steps. The token endpoints answer in
 * OAuth's error body ({@link OAuthErrorMapper}); the browser's steps never show JSON.
 */
@Tag(name = "OAuth2", description = "The authorisation server of the registered open-banking clients, per provider")
@Path("/{provider_code: [a-z0-9-]+}" + OAuthEndpoints.PATH)
public class OAuthResource {

    @Inject ProviderRegistry providers;
    @Inject OAuthEndpoints endpoints;
    @Inject OAuthSigningKey signingKey;
    @Inject OAuthClientAuthentication clients;
    @Inject TokenService tokens;
    @Inject AuthorizationService authorization;

    @GET
    @Path("/.well-known/oauth-authorization-server")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Authorisation server metadata (RFC 8414)")
    public OAuthDtos.Metadata metadata(@PathParam("provider_code") String providerCode) {
        providers.require(providerCode);
        List<String> authMethods = sorted(ClientMetadataRules.AUTH_METHODS);
        List<String> algs = sorted(ClientMetadataRules.SIGNING_ALGS);
        return new OAuthDtos.Metadata(endpoints.issuer(providerCode), endpoints.authorize(providerCode),
                endpoints.token(providerCode), endpoints.revocation(providerCode), endpoints.jwks(providerCode),
                endpoints.registration(), sorted(ClientMetadataRules.SCOPES), List.of("code"),
                sorted(ClientMetadataRules.GRANT_TYPES), authMethods, algs, authMethods, algs, List.of(Pkce.S256),
                true);
    }

    @GET
    @Path(OAuthEndpoints.JWKS)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "The public keys that verify the access tokens (JWKS)")
    public String jwks(@PathParam("provider_code") String providerCode) {
        providers.require(providerCode);
        return signingKey.jwks();
    }

    @POST
    @Path(OAuthEndpoints.TOKEN)
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Token endpoint: client_credentials, authorization_code (PKCE S256), refresh_token")
    public Response token(@PathParam("provider_code") String providerCode,
                          @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                          @HeaderParam(HttpHeaders.AUTHORIZATION) String authorizationHeader, byte[] body) {
        Caller caller = caller(providerCode, contentType, authorizationHeader, body);
        tokens.bankLoginToRedeem(providerCode, caller.client(), caller.form())
                .ifPresent(loginId -> authorization.redeem(providerCode, loginId));
        TokenService.Tokens issued = tokens.grant(providerCode, caller.client(), caller.form());
        return OAuthResponses.noStore(Response.ok(new OAuthDtos.TokenResponse(issued.accessToken(), "Bearer",
                issued.expiresIn(), issued.scope(), issued.refreshToken()))).build();
    }

    @POST
    @Path(OAuthEndpoints.REVOKE)
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Token revocation (RFC 7009): a refresh token, and with it its whole grant")
    public Response revoke(@PathParam("provider_code") String providerCode,
                           @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                           @HeaderParam(HttpHeaders.AUTHORIZATION) String authorizationHeader, byte[] body) {
        Caller caller = caller(providerCode, contentType, authorizationHeader, body);
        tokens.revoke(providerCode, caller.client(), caller.form());
        return OAuthResponses.noStore(Response.ok()).build();
    }

    @GET
    @Path(OAuthEndpoints.AUTHORIZE)
    @BrowserFacing
    @Operation(summary = "Authorize (the PSU's browser): to the bank's login page, then back to the client")
    public Response authorize(@PathParam("provider_code") String providerCode,
                              @QueryParam("response_type") String responseType,
                              @QueryParam("client_id") String clientId,
                              @QueryParam("redirect_uri") String redirectUri,
                              @QueryParam("scope") String scope,
                              @QueryParam("state") String state,
                              @QueryParam("code_challenge") String codeChallenge,
                              @QueryParam("code_challenge_method") String codeChallengeMethod) {
        return Response.seeOther(authorization.start(providerCode, new AuthorizationService.Authorize(responseType,
                clientId, redirectUri, scope, state, codeChallenge, codeChallengeMethod)))
                .header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer").build();
    }

    @GET
    @Path(OAuthEndpoints.CALLBACK)
    @BrowserFacing
    @Operation(summary = "Where the bank sends the PSU back to; goes on to the client's redirect URI")
    public Response callback(@PathParam("provider_code") String providerCode, @QueryParam("link") String link) {
        return Response.seeOther(authorization.finish(providerCode, link == null ? "" : link))
                .header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer").build();
    }

    /** A token or revocation request's form and its authenticated client. */
    private record Caller(OAuthClient client, OAuthForm form) {
    }

    private Caller caller(String providerCode, String contentType, String authorization, byte[] body) {
        providers.require(providerCode);
        OAuthForm form = OAuthForm.parse(contentType, body);
        return new Caller(clients.authenticate(providerCode, authorization, form), form);
    }

    private static List<String> sorted(Set<String> values) {
        return values.stream().sorted().toList();
    }
}
