package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.config.SandboxConfig;
import eu.xs2a.sandbox.domain.ScaLink;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.UriInfo;

/**
 * The absolute SCA URL a PSU's browser opens: {@code sandbox.public-url} or the base URL the gateway called (the
 * current request's, so the resources that answer with a link need not pass it along).
 */
@ApplicationScoped
public class PublicUrls {

    @Inject SandboxConfig config;
    @Inject UriInfo uriInfo;

    public String scaUrl(ScaLink link) {
        return base() + "sca/" + link.token;
    }

    /** The page of a gateway's OAuth login ({@code OAuthLoginPageResource}). */
    public String oauthLoginUrl(String token) {
        return base() + "oauth-login/" + token;
    }

    private String base() {
        String base = config.publicUrl().orElse(uriInfo.getBaseUri().toString());
        return base.endsWith("/") ? base : base + "/";
    }
}
