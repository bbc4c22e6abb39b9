package eu.xs2a.consent.api;

/** Berlin Group hrefType. */
public record Href(String href) {
}
