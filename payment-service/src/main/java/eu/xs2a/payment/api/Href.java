package eu.xs2a.payment.api;

/** Berlin Group hrefType. */
public record Href(String href) {
}
