package eu.xs2a.sandbox.domain;

import java.time.LocalDate;

/** A payment as the gateway submits it; {@code standingOrder} makes it a standing order (null: a single payment). */
public record PaymentOrder(String idempotencyKey, String paymentProduct, String tppId, String tppName,
                           AccountRef debtorAccount, String creditorName, AccountRef creditorAccount,
                           String creditorAddressJson, String creditorAgent, String creditorAgentName,
                           String currency, String amount,
                           String remittanceInformationUnstructured, String endToEndIdentification,
                           LocalDate requestedExecutionDate, String psuId, String returnUrl,
                           StandingOrder standingOrder) {
}
