package eu.xs2a.payment.api;

import jakarta.ws.rs.PathParam;

/** The path of one payment, which every endpoint below {@code …/{payment_id}} is called with. */
public record PaymentPath(@PathParam("provider_code") String providerCode,
                          @PathParam("payment_product") String paymentProduct,
                          @PathParam("payment_id") String paymentId) {
}
