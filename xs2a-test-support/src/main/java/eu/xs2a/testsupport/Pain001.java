package eu.xs2a.testsupport;

/**
 * pain.001.001.03 credit-transfer initiations as a TPP sends them (payment-service's {@code pain.001-*} products):
 * one payment information block of the given debtor account and execution date around the caller's transactions
 * ({@code CdtTrfTxInf} elements), so that the service's tests and the whole-stack journeys post the same document.
 */
public final class Pain001 {

    /** The XML declaration a client usually puts first; the document is valid without it too. */
    public static final String XML_DECLARATION = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

    private Pain001() {
    }

    /** The document: {@code prolog} (a declaration, a DOCTYPE, or nothing), then the one payment information. */
    public static String document(String prolog, String executionDate, String debtorIban, String transactions) {
        return prolog + """
                <Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">
                  <CstmrCdtTrfInitn>
                    <GrpHdr><MsgId>MSG-1</MsgId><CreDtTm>2026-01-05T10:00:00</CreDtTm><NbOfTxs>1</NbOfTxs>
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
                """.formatted(executionDate, debtorIban, transactions);
    }
}
