package eu.xs2a.platform.api;

/** Berlin Group hrefType: the value of every entry of a {@code _links} object. */
public record Href(String href) {
}
