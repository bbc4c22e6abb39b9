package eu.xs2a.tpp.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Bodies as a person reads them: JSON pretty-printed, an XML report indented, anything else as it came. */
class ResponsePrinterTest {

    private static final String REPORT = "<?xml version='1.0' encoding='UTF-8'?><Document xmlns=\"urn:iso:std:iso:20022"
            + ":tech:xsd:pain.002.001.03\"><CstmrPmtStsRpt><GrpHdr><MsgId>abc</MsgId></GrpHdr></CstmrPmtStsRpt>"
            + "</Document>";

    private static String body(String contentType, String body) {
        StringWriter out = new StringWriter();
        new ResponsePrinter(new PrintWriter(out), false).printBody(new GatewayResponse(200,
                List.of(Map.entry("content-type", contentType)), body.getBytes(StandardCharsets.UTF_8)));
        return out.toString();
    }

    @Test
    void anXmlReportIsIndented() {
        assertEquals("""
                <?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
                  <CstmrPmtStsRpt>
                    <GrpHdr>
                      <MsgId>abc</MsgId>
                    </GrpHdr>
                  </CstmrPmtStsRpt>
                </Document>
                """, body("application/xml;charset=UTF-8", REPORT));
    }

    @Test
    void anIndentedDocumentIsIndentedOnceWithoutBlankLines() {
        String indented = "<?xml version=\"1.0\"?>\n<a>\n    <b>x</b>\n\n    <c/>\n</a>\n";
        assertEquals("<?xml version=\"1.0\" encoding=\"UTF-8\"?><a>\n  <b>x</b>\n  <c/>\n</a>\n",
                body("application/xml", indented));
    }

    @Test
    void xmlThatIsNotWellFormedOrHasADoctypeIsPrintedAsItCame() {
        assertEquals("<Document><open></Document>\n", body("application/xml", "<Document><open></Document>"));
        String doctype = "<!DOCTYPE d [<!ENTITY e SYSTEM \"file:///etc/hostname\">]><d>&e;</d>";
        assertEquals(doctype + "\n", body("text/xml", doctype));
        // not declared XML: as it came
        assertEquals(REPORT + "\n", body("text/plain", REPORT));
    }
}
