package eu.xs2a.payment.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.domain.TransactionStatus;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Set;
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
        assertNull(Pain002Writer.xmlWanted(List.of()));
        assertNull(Pain002Writer.xmlWanted(List.of(MediaType.WILDCARD_TYPE)));
        assertNull(Pain002Writer.xmlWanted(List.of(MediaType.APPLICATION_JSON_TYPE, MediaType.APPLICATION_XML_TYPE)));
        assertEquals(MediaType.APPLICATION_XML_TYPE, Pain002Writer.xmlWanted(List.of(MediaType.valueOf("text/*"),
                MediaType.valueOf("application/XML; charset=UTF-8"), MediaType.APPLICATION_JSON_TYPE)));
        assertEquals(MediaType.TEXT_XML_TYPE, Pain002Writer.xmlWanted(List.of(MediaType.TEXT_XML_TYPE)));
        assertNull(Pain002Writer.xmlWanted(List.of(MediaType.TEXT_PLAIN_TYPE)));
    }
}
