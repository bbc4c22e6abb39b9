package eu.xs2a.testsupport;

import eu.xs2a.security.quarkus.BlockedTppsReload;
import io.quarkus.arc.Arc;
import org.junit.jupiter.api.AfterEach;

/**
 * A {@code @QuarkusTest} class that blocks TPPs through the blocked TPPs file ({@link BlockedTppsFileResource}): the
 * file blocks nobody again after each test, and the service has read it.
 */
public abstract class BlockedTppsTestBase {

    @AfterEach
    public void unblockEverybody() {
        putInForce("");
    }

    /** Writes the list and has the service's reload read it; answers whether the reload put a new list in force. */
    protected static boolean putInForce(String content) {
        return BlockedTppsFileResource.putInForce(reload(), content);
    }

    /** The service's reload of the file. Looked up rather than injected: this class is in a library, outside ArC's index. */
    protected static BlockedTppsReload reload() {
        return Arc.container().instance(BlockedTppsReload.class).get();
    }
}
