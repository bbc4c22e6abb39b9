package eu.xs2a.security.quarkus;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a resource (class or method) whose requests must carry a valid eIDAS signature: the whole pipeline
 * (docs/ARCHITECTURE.md "Request pipeline") runs before the method, and {@link CurrentTpp} holds the caller afterwards.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Signed {
}
