package eu.xs2a.security.quarkus;

/**
 * The registration endpoints are the ones outside a provider ({@code /api/...}; every other path starts with
 * {@code /{provider_code}}). The interface answers AccessDenied there with 401, elsewhere with 403.
 */
final class RegistrationPaths {

    private static final String PREFIX = "/api/";

    private RegistrationPaths() {
    }

    static boolean contains(String path) {
        return path.startsWith(PREFIX);
    }
}
