package eu.xs2a.registration.sandbox;

import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.registration.config.SandboxConfig;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Bounds how many key pairs the sandbox self-service generates ({@code psd2.sandbox.key-generation.*}): an RSA key
 * pair costs tens of milliseconds of CPU, so a loop of requests could keep the instance busy. A request needs a token
 * from its client's bucket and from the instance's bucket; without one it is AccessExceeded (429) with the seconds
 * until one is back in {@code Retry-After}.
 *
 * <p>In memory and per instance, on purpose: what is protected is this instance's CPU, and a bucket in the database
 * would cost every request a write to guard a few milliseconds. With n replicas the sandbox as a whole issues at most n
 * times the global rate, and a client that the load balancer spreads over replicas gets up to n times its rate; both
 * stay bounded. A restart starts with full buckets.
 */
@ApplicationScoped
@Startup // a bucket configured unusable stops the start, not the first request
public class KeyGenerationThrottle {

    private final SandboxConfig.KeyGeneration config;
    private final TokenBucket perClient;
    private final TokenBucket global;
    private final Clock clock;
    /** Client address → its bucket's full-again instant; a client not held here has a full bucket. */
    private final Map<String, Instant> clients = new HashMap<>();
    private Instant globalFullAt;

    public KeyGenerationThrottle(SandboxConfig sandbox, Clock clock) {
        this.config = sandbox.keyGeneration();
        this.perClient = new TokenBucket(config.perClientBurst(), config.perClientRefill(),
                "psd2.sandbox.key-generation.per-client-burst/-refill");
        this.global = new TokenBucket(config.globalBurst(), config.globalRefill(),
                "psd2.sandbox.key-generation.global-burst/-refill");
        this.clock = clock;
    }

    /**
     * Takes a token for {@code client} (its address) from both buckets, or none and throws AccessExceeded with Retry-After.
     * One lock for both buckets, so a refusal by one takes nothing from the other; it is held for microseconds, against
     * the key generation's milliseconds.
     */
    public synchronized void acquire(String client) {
        Instant now = clock.instant();
        Instant clientFullAt = clients.get(client);
        if (!perClient.hasToken(clientFullAt, now)) {
            throw refused("this client has asked for " + config.perClientBurst() + " key pairs in a short time",
                    perClient.wait(clientFullAt, now));
        }
        if (!global.hasToken(globalFullAt, now)) {
            throw refused("the sandbox is generating many key pairs right now", global.wait(globalFullAt, now));
        }
        globalFullAt = global.take(globalFullAt, now);
        remember(client, perClient.take(clientFullAt, now), now);
    }

    private void remember(String client, Instant fullAt, Instant now) {
        if (!clients.containsKey(client) && clients.size() >= config.maxClients()) {
            clients.values().removeIf(full -> !full.isAfter(now)); // full again: the same as not held
            if (clients.size() >= config.maxClients()) {
                return; // no room: this client is held by the instance's bucket alone
            }
        }
        clients.put(client, fullAt);
    }

    private static Psd2Exception refused(String why, Duration wait) {
        // whole seconds, rounded up: a client that waits exactly this long finds a token
        long seconds = Math.max(1, wait.getSeconds() + (wait.getNano() > 0 ? 1 : 0));
        int retryAfter = (int) Math.min(Integer.MAX_VALUE, seconds);
        return Psd2Exception.accessExceeded("Too many certificate requests: " + why + "; try again in " + retryAfter
                + " s", retryAfter);
    }
}
