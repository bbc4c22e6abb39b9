package eu.xs2a.payment.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.domain.OriginalMessage;
import eu.xs2a.payment.domain.Payment;
import eu.xs2a.payment.domain.TransactionStatus;
import eu.xs2a.platform.sca.ScaApproach;
import jakarta.ws.rs.core.MediaType;
import java.io.StringReader;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;

/** The status codes of pain.002.001.03 and the choice of XML from an Accept header's types. */
class Pain002WriterTest {

    /** ISO 20022's TransactionGroupStatus3Code, pain.002.001.03's closed list of group statuses. */
    private static final Set<String> GROUP_STATUS_03 = Set.of("ACCP", "ACSC", "ACSP", "ACTC", "ACWC", "PART", "PDNG",
            "RCVD", "RJCT");

    @Test
    void everyTransactionStatusHasACodeOfTheOlderList() {
        for (TransactionStatus status : TransactionStatus.values()) {
            assertTrue(GROUP_STATUS_03.contains(Pain002Writer.code03(status)), status.name());
        }
        assertEquals("PDNG", Pain002Writer.code03(TransactionStatus.PATC));
        assertEquals("ACSC", Pain002Writer.code03(TransactionStatus.ACCC));
        assertEquals("RJCT", Pain002Writer.code03(TransactionStatus.CANC));
        assertEquals("ACSP", Pain002Writer.code03(TransactionStatus.ACSP));
    }

    @Test
    void theFirstTypeNamingXmlOrJsonDecides() {
        assertNull(PaymentResource.xmlWanted(List.of()));
        assertNull(PaymentResource.xmlWanted(List.of(MediaType.WILDCARD_TYPE)));
        assertNull(PaymentResource.xmlWanted(List.of(MediaType.APPLICATION_JSON_TYPE, MediaType.APPLICATION_XML_TYPE)));
        assertEquals(MediaType.APPLICATION_XML_TYPE, PaymentResource.xmlWanted(List.of(MediaType.valueOf("text/*"),
                MediaType.valueOf("application/XML; charset=UTF-8"), MediaType.APPLICATION_JSON_TYPE)));
        assertEquals(MediaType.TEXT_XML_TYPE, PaymentResource.xmlWanted(List.of(MediaType.TEXT_XML_TYPE)));
        assertNull(PaymentResource.xmlWanted(List.of(MediaType.TEXT_PLAIN_TYPE)));
    }

    /**
     * A bank reason that is no ISO code goes as Prtry in pain.002.001.10, without control characters (a polled reason
     * is not checked as an event's is), and not at all in .03's SEPA form; the report stays valid XML for ISO's schema.
     */
    @Test
    void aRejectionWithAReasonThatIsNoCode() throws Exception {
        Pain002Writer writer = new Pain002Writer();
        writer.clock = Clock.systemUTC();
        Payment payment = Payment.initiate("sandbox", "tpp", "TPP", "pain.001-sepa-credit-transfers", "{}", null,
                "192.0.2.10", null, null, false, ScaApproach.REDIRECT, "state", Instant.now());
        payment.initiatedWith(new OriginalMessage("MSG-9", OriginalMessage.PAIN_001_09, "PMT-9", null, null, null));
        payment.moveTo(TransactionStatus.RJCT, "Konto\u0007 gesperrt", Instant.now());
        String report = writer.report(payment, List.of());
        assertTrue(report.contains("<StsRsnInf><Rsn><Prtry>Konto  gesperrt</Prtry></Rsn></StsRsnInf>"), report);
        // a payment from before the document's date and totals were kept: the report names none of them
        assertTrue(report.contains("<OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId><GrpSts>"), report);
        SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
                .newSchema(Pain002WriterTest.class.getResource("/iso20022/pain.002.001.10.xsd")).newValidator()
                .validate(new StreamSource(new StringReader(report)));

        payment.initiatedWith(new OriginalMessage("MSG-9", OriginalMessage.PAIN_001_03, "PMT-9", null, null, null));
        String v03 = writer.report(payment, List.of());
        assertTrue(v03.contains("<GrpSts>RJCT</GrpSts></OrgnlGrpInfAndSts>"), v03);
    }
}
