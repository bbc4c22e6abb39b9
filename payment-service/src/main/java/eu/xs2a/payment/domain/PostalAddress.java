package eu.xs2a.payment.domain;

import com.fasterxml.jackson.annotation.JsonInclude;

/** creditorAddress; country is an ISO 3166 alpha-2 code. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@io.quarkus.runtime.annotations.RegisterForReflection
public record PostalAddress(String streetName, String buildingNumber, String townName, String postCode,
                            String country) {
}
