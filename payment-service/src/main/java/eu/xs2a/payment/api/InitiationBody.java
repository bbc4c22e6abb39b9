package eu.xs2a.payment.api;

import eu.xs2a.payment.domain.BulkOrder;
import eu.xs2a.payment.domain.InitiationDocument;
import eu.xs2a.payment.domain.PaymentOrder;
import eu.xs2a.payment.domain.StandingOrder;

/**
 * What an initiation's body holds ({@link InitiationBodyReader}): the order (a bulk's first entry for a bulk); a
 * standing order's terms, or a bulk, for those services; and for a {@code pain.001-} product the document it came in.
 */
record InitiationBody(PaymentOrder order, StandingOrder terms, BulkOrder bulk, InitiationDocument document) {

    /** The same body with a periodic payment's terms, read from it beside the order. */
    InitiationBody withTerms(StandingOrder standingOrder) {
        return new InitiationBody(order, standingOrder, bulk, document);
    }
}
