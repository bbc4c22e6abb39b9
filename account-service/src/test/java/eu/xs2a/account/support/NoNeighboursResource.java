package eu.xs2a.account.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;

/**
 * account-service alone: consent-service and the bank point at a port where nothing listens, so every call that
 * gets past validation meets a neighbour that is down. Also gives the service its token-signing key.
 */
public class NoNeighboursResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        String nowhere = "http://localhost:" + closedPort();
        return Map.of(
                "psd2.consent-lookup.url", nowhere,
                "psd2.providers.sandbox.bank-url", nowhere,
                "psd2.providers.sandbox2.bank-url", nowhere,
                "smallrye.jwt.sign.key.location", ServiceKeys.shared().privateJwk().toString());
    }

    @Override
    public void stop() {
    }

    static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
