package eu.xs2a.payment.domain;

import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.notify.NotificationRequest;

/**
 * A validated initiation request: who asks, under which provider and product, and what; and the TPP's SCA wishes
 * (TPP-Explicit-Authorisation-Preferred, TPP-Redirect-Preferred), its notification wishes, and the PSU's context
 * (PSU-IP-Address, always there, and what else the TPP forwarded), the TPP's brand (TPP-Brand-Logging-Information)
 * and its TPP-Rejection-NoFunds-Preferred (null: not sent); for a {@code pain.001-} product, the document's
 * {@link InitiationDocument}.
 */
public record NewPayment(String providerCode, String paymentProduct, String tppId, String tppName, PaymentOrder order,
                         String psuId, PsuContext psuContext, String tppBrand, Boolean rejectionNoFundsPreferred,
                         String redirectUri,
                         String nokRedirectUri, boolean explicitAuthorisation, boolean redirectPreferred,
                         BulkOrder bulk, InitiationDocument document,
                         NotificationRequest notification) {
}
