package eu.xs2a.payment.domain;

/**
 * What a payment's pain.002 status reports name of the ISO 20022 pain.001 document it was initiated with: the
 * document's {@code GrpHdr/MsgId}, its version ({@code pain.001.001.03} or {@code pain.001.001.09}), its one
 * {@code PmtInf/PmtInfId}, and the group header's {@code CreDtTm}, {@code NbOfTxs} and {@code CtrlSum} as written
 * (the control sum may be absent). Each but the first two is null for a payment initiated before it was kept; the
 * document itself is kept apart ({@link InitiationDocument}).
 */
@io.quarkus.runtime.annotations.RegisterForReflection
public record OriginalMessage(String messageId, String messageName, String paymentInformationId, String createdAt,
                              String numberOfTransactions, String controlSum) {

    public static final String PAIN_001_03 = "pain.001.001.03";
    public static final String PAIN_001_09 = "pain.001.001.09";
}
