package eu.xs2a.security.quarkus;

import eu.xs2a.security.tpp.Role;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The PSD2 roles of which the caller's certificate must hold at least one (checked after the signature;
 * else RoleInvalid). A method annotation replaces the class annotation.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface RequiresRole {
    Role[] value();
}
