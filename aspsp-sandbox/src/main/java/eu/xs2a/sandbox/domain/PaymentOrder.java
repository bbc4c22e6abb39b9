package eu.xs2a.sandbox.domain;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * A payment as the gateway submits it. A bulk ({@code entries} not null, BANK-API.md "Bulk payments") has the
 * debtor, date and parties of the order, and its credit transfers in {@code entries} instead of a creditor and amount;
 * {@code standingOrder} makes it a standing order (BANK-API.md "Standing orders"; null otherwise); {@code psuContext}
 * what the TPP forwarded of the PSU's request (BANK-API.md "PSU context"); {@code tppBrand} the TPP's brand;
 * {@code rejectionNoFundsPreferred} false lets it wait for funds (BANK-API.md "Waiting for funds").
 */
public record PaymentOrder(String idempotencyKey, String paymentProduct, String tppId, String tppName,
                           AccountRef debtorAccount, String creditorName, AccountRef creditorAccount,
                           String creditorAddressJson, String creditorAgent, String creditorAgentName,
                           String currency, String amount,
                           String remittanceInformationUnstructured, String endToEndIdentification,
                           LocalDate requestedExecutionDate, String psuId, String returnUrl,
                           Boolean batchBookingPreferred, List<Entry> entries,
                           StandingOrder standingOrder, Map<String, String> psuContext, String tppBrand,
                           Boolean rejectionNoFundsPreferred) {

    /** One credit transfer of a bulk. */
    public record Entry(String creditorName, AccountRef creditorAccount, String creditorAddressJson,
                        String creditorAgent, String creditorAgentName, String currency, String amount,
                        String remittanceInformationUnstructured, String endToEndIdentification) {
    }

    /** The entry as a single order of the bulk's debtor, for the same checks as a single payment's. */
    PaymentOrder single(Entry e) {
        return new PaymentOrder(idempotencyKey, paymentProduct, tppId, tppName, debtorAccount, e.creditorName(),
                e.creditorAccount(), e.creditorAddressJson(), e.creditorAgent(), e.creditorAgentName(), e.currency(),
                e.amount(), e.remittanceInformationUnstructured(), e.endToEndIdentification(), requestedExecutionDate,
                psuId, returnUrl, null, null, null, psuContext, tppBrand, rejectionNoFundsPreferred);
    }
}
