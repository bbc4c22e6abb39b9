package eu.xs2a.platform.http;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a resource (class or method) that a PSU's browser opens (an SCA redirect link, a callback from the bank):
 * its errors are shown as a short HTML page unless the client asks for {@code application/json}
 * ({@link BrowserErrorPageFilter}). Such endpoints are not {@link Signed}: a browser has no QSEAL.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface BrowserFacing {
}
