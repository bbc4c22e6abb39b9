package eu.xs2a.payment.domain;

/**
 * The ISO 20022 pain.001 document a payment was initiated with, as its pain.002 status reports name it: the
 * document's {@code GrpHdr/MsgId}, its version ({@code pain.001.001.03} or {@code pain.001.001.09}) and its one
 * {@code PmtInf/PmtInfId} (null for a payment initiated before it was kept). The rest of the document is the payment's
 * order; the document itself is not kept.
 */
@io.quarkus.runtime.annotations.RegisterForReflection
public record OriginalMessage(String messageId, String messageName, String paymentInformationId) {

    public static final String PAIN_001_03 = "pain.001.001.03";
    public static final String PAIN_001_09 = "pain.001.001.09";
}
