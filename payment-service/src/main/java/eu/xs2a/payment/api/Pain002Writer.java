package eu.xs2a.payment.api;

import static eu.xs2a.platform.iso20022.Iso20022Writer.text;
import static eu.xs2a.platform.iso20022.Iso20022Writer.textIfPresent;

import eu.xs2a.payment.domain.BulkEntryState;
import eu.xs2a.payment.domain.BulkOrder;
import eu.xs2a.payment.domain.OriginalMessage;
import eu.xs2a.payment.domain.Payment;
import eu.xs2a.payment.domain.TransactionStatus;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.iso20022.Iso20022Writer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A payment's status as an ISO 20022 pain.002 customer payment status report: the status endpoints' answer to a TPP
 * that asks for XML of a payment initiated with a pain.001 document. Berlin Group 1.3.6 has the report follow the
 * original's schema, so a {@code pain.001.001.03} payment's is a {@code pain.002.001.03} and a {@code .09} one's a
 * {@code pain.002.001.10}. The report is the group status of the original message ({@code OrgnlGrpInfAndSts}: its
 * MsgId and version, {@code GrpSts}); a PART bulk's report adds, under the original's PmtInfId, each entry the bank
 * rejected alone ({@code TxInfAndSts}: its EndToEndId, RJCT and the bank's reason), as the SEPA form reports
 * rejections.
 *
 * <p>{@code pain.002.001.03}'s status list is closed and older than three of the interface's codes; they are written
 * as the nearest it has: PATC (some signatories authorised) as PDNG, ACCC (settled on the creditor's account too) as
 * ACSC, CANC as RJCT with the status reason CUST (requested by the customer). {@code pain.002.001.10} takes each
 * transactionStatus as it is. A rejection carries the bank's reason: an ISO code of up to four characters as
 * {@code Rsn/Cd} in both, a longer one as {@code Rsn/Prtry} in {@code .10} only (the SEPA form of {@code .03} has
 * none).
 */
@ApplicationScoped
public class Pain002Writer {

    static final String NAMESPACE_03 = "urn:iso:std:iso:20022:tech:xsd:pain.002.001.03";
    static final String NAMESPACE_10 = "urn:iso:std:iso:20022:tech:xsd:pain.002.001.10";
    /** ISO 20022's ExternalStatusReason1Code: a code of the external list, up to four characters. */
    private static final Pattern REASON_CODE = Pattern.compile("[A-Z0-9]{1,4}");

    @Inject Clock clock;

    /** A bulk's entry the bank rejected on its own: its EndToEndId (NOTPROVIDED: it had none) and the bank's reason. */
    record RejectedEntry(String endToEndId, String reason) {
    }

    /** The entries a PART bulk's report names (the bank rejected them alone); none for any other status. */
    static List<RejectedEntry> rejectedEntries(Payment payment, BulkOrder bulk, List<BulkEntryState> reported) {
        List<RejectedEntry> rejected = new ArrayList<>();
        if (payment.transactionStatus() != TransactionStatus.PART) {
            return rejected;
        }
        for (int i = 0; i < bulk.payments().size(); i++) {
            BulkEntryState state = i < reported.size() ? reported.get(i) : null;
            if (TransactionStatus.RJCT.name().equals(BulkPaymentResponse.entryStatus(payment, state))) {
                String endToEnd = bulk.payments().get(i).endToEndIdentification();
                rejected.add(new RejectedEntry(endToEnd == null ? Pain001Reader.NOT_PROVIDED : endToEnd,
                        state == null ? null : state.statusReason()));
            }
        }
        return rejected;
    }

    /**
     * The report of {@code payment}'s status, with a PART bulk's {@code rejected} entries under the original's PmtInf;
     * a payment not initiated with a pain.001 document has none (406).
     */
    String report(Payment payment, List<RejectedEntry> rejected) {
        OriginalMessage original = payment.originalMessage();
        if (original == null) {
            throw new Psd2Exception(ErrorClass.REQUESTED_FORMATS_INVALID, "A pain.002 status report is answered for"
                    + " payments initiated with a pain.001 document; accept application/json");
        }
        boolean v03 = OriginalMessage.PAIN_001_03.equals(original.messageName());
        TransactionStatus status = payment.transactionStatus();
        // hex: the SEPA form's MsgId allows no underscore
        String messageId = UUID.randomUUID().toString().replace("-", "");
        return Iso20022Writer.document(v03 ? NAMESPACE_03 : NAMESPACE_10, "CstmrPmtStsRpt", messageId,
                Instant.now(clock).truncatedTo(ChronoUnit.SECONDS).toString(), xml -> {
            xml.writeStartElement("OrgnlGrpInfAndSts");
            text(xml, "OrgnlMsgId", original.messageId());
            text(xml, "OrgnlMsgNmId", original.messageName());
            if (!v03) {
                // the SEPA form of .03 has no OrgnlCreDtTm
                textIfPresent(xml, "OrgnlCreDtTm", original.createdAt());
            }
            textIfPresent(xml, "OrgnlNbOfTxs", original.numberOfTransactions());
            textIfPresent(xml, "OrgnlCtrlSum", original.controlSum());
            text(xml, "GrpSts", v03 ? code03(status) : status.name());
            if (v03 && status == TransactionStatus.CANC) {
                reason(xml, "Cd", "CUST");
            } else if (status == TransactionStatus.RJCT) {
                bankReason(xml, payment.statusReason(), v03);
            }
            xml.writeEndElement();
            if (!rejected.isEmpty() && original.paymentInformationId() != null) {
                xml.writeStartElement("OrgnlPmtInfAndSts");
                text(xml, "OrgnlPmtInfId", original.paymentInformationId());
                for (RejectedEntry entry : rejected) {
                    xml.writeStartElement("TxInfAndSts");
                    text(xml, "OrgnlEndToEndId", entry.endToEndId());
                    text(xml, "TxSts", TransactionStatus.RJCT.name());
                    bankReason(xml, entry.reason(), v03);
                    xml.writeEndElement();
                }
                xml.writeEndElement();
            }
        });
    }

    /** pain.002.001.03's TransactionGroupStatus3Code for a transactionStatus (the class comment says why). */
    static String code03(TransactionStatus status) {
        return switch (status) {
            case PATC -> "PDNG";
            case ACCC -> "ACSC";
            case CANC -> "RJCT";
            default -> status.name();
        };
    }

    /** A rejection's reason from the bank: a code as {@code Cd}, other text as {@code Prtry} (not in .03's form). */
    private static void bankReason(XMLStreamWriter xml, String reason, boolean v03) throws XMLStreamException {
        if (reason == null) {
            return;
        }
        boolean code = REASON_CODE.matcher(reason).matches();
        if (code || !v03) {
            // a bank's polled reason is not checked as an event's is: no control character reaches the XML
            reason(xml, code ? "Cd" : "Prtry", reason.replaceAll("\\p{Cntrl}", " "));
        }
    }

    /** {@code StsRsnInf/Rsn} with the reason as {@code kind}: {@code Cd} (a code) or {@code Prtry} (any text). */
    private static void reason(XMLStreamWriter xml, String kind, String reason) throws XMLStreamException {
        xml.writeStartElement("StsRsnInf");
        xml.writeStartElement("Rsn");
        text(xml, kind, reason);
        xml.writeEndElement();
        xml.writeEndElement();
    }
}
