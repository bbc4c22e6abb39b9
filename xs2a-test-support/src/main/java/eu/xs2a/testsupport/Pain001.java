package eu.xs2a.testsupport;

import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * pain.001.001.03 credit-transfer initiations as a TPP sends them (payment-service's {@code pain.001-*} products):
 * one payment information block of the given debtor account and execution date around the caller's transactions
 * ({@code CdtTrfTxInf} elements), so that the service's tests and the whole-stack journeys post the same document.
 */
public final class Pain001 {

    /** The XML declaration a client usually puts first; the document is valid without it too. */
    public static final String XML_DECLARATION = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

    private static final Pattern AMOUNT = Pattern.compile("<InstdAmt[^>]*>([^<]*)</InstdAmt>");

    private Pain001() {
    }

    /**
     * The document: {@code prolog} (a declaration, a DOCTYPE, or nothing), then the one payment information. The group
     * header's totals are the transactions' own, as a TPP's software writes them: NbOfTxs, and CtrlSum where every
     * amount is a number.
     */
    public static String document(String prolog, String executionDate, String debtorIban, String transactions) {
        return prolog + """
                <Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">
                  <CstmrCdtTrfInitn>
                    <GrpHdr><MsgId>MSG-1</MsgId><CreDtTm>2026-01-05T10:00:00</CreDtTm>%s
                      <InitgPty><Nm>Erika Mustermann</Nm></InitgPty></GrpHdr>
                    <PmtInf>
                      <PmtInfId>PMT-1</PmtInfId><PmtMtd>TRF</PmtMtd>
                      <ReqdExctnDt>%s</ReqdExctnDt>
                      <Dbtr><Nm>Erika Mustermann</Nm></Dbtr>
                      <DbtrAcct><Id><IBAN>%s</IBAN></Id></DbtrAcct>
                      <DbtrAgt><FinInstnId><BIC>SANDDEFFXXX</BIC></FinInstnId></DbtrAgt>
                %s    </PmtInf>
                  </CstmrCdtTrfInitn>
                </Document>
                """.formatted(totals(transactions), executionDate, debtorIban, transactions);
    }

    private static String totals(String transactions) {
        int count = transactions.split("<CdtTrfTxInf>", -1).length - 1;
        BigDecimal sum = BigDecimal.ZERO;
        Matcher amounts = AMOUNT.matcher(transactions);
        while (amounts.find()) {
            try {
                sum = sum.add(new BigDecimal(amounts.group(1).strip()));
            } catch (NumberFormatException e) {
                return "<NbOfTxs>" + count + "</NbOfTxs>";
            }
        }
        return "<NbOfTxs>" + count + "</NbOfTxs><CtrlSum>" + sum.toPlainString() + "</CtrlSum>";
    }
}
