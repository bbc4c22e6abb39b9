package eu.xs2a.platform.api;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Berlin Group hrefType: the value of every entry of a {@code _links} object. */
@RegisterForReflection
public record Href(String href) {
}
