package eu.xs2a.sandbox;

import eu.xs2a.testsupport.NativeJsonCheck;
import jakarta.inject.Singleton;

/**
 * The check of xs2a-test-support's {@link NativeJsonCheck} on this test application's ObjectMapper: every class of
 * the gateway that Jackson binds here is registered for reflection, as a native image needs (not in the packaged jar).
 */
@Singleton
public class NativeJson extends NativeJsonCheck {
}
