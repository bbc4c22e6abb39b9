package eu.xs2a.account.domain;

import java.util.List;

/** A payment product a provider supports, with the fields a payment initiation of that product needs. */
public record ProductTemplate(String paymentProduct, String name, List<String> requiredFields,
                              List<String> optionalFields) {
}
