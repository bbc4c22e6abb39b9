package eu.xs2a.platform.iso20022;

import java.io.StringWriter;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes the ISO 20022 messages the services answer (account-service's camt reports, payment-service's pain.002 status
 * reports) with the JDK's StAX writer: the {@code Document} of the message's namespace, the message element, its
 * group header ({@code MsgId}, {@code CreDtTm}) and then what the caller writes. The writer escapes every text.
 */
public final class Iso20022Writer {

    private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newFactory();

    /** What a message holds after its group header. */
    @FunctionalInterface
    public interface Content {
        void write(XMLStreamWriter xml) throws XMLStreamException;
    }

    private Iso20022Writer() {
    }

    /**
     * The UTF-8 document: {@code <Document xmlns="namespace"><message><GrpHdr>…</GrpHdr>} then {@code content}, all
     * closed. {@code messageId} and {@code created} (an ISODateTime) are the group header's.
     */
    public static String document(String namespace, String message, String messageId, String created,
                                  Content content) {
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter xml = OUTPUT.createXMLStreamWriter(out);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeStartElement("Document");
            xml.writeDefaultNamespace(namespace);
            xml.writeStartElement(message);
            xml.writeStartElement("GrpHdr");
            text(xml, "MsgId", messageId);
            text(xml, "CreDtTm", created);
            xml.writeEndElement();
            content.write(xml);
            xml.writeEndElement();
            xml.writeEndElement();
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("writing to a string cannot fail", e);
        }
        return out.toString();
    }

    /** An element holding {@code value} as text. */
    public static void text(XMLStreamWriter xml, String name, String value) throws XMLStreamException {
        xml.writeStartElement(name);
        xml.writeCharacters(value);
        xml.writeEndElement();
    }

    /** An optional element: holding {@code value}, or none where {@code value} is null. */
    public static void textIfPresent(XMLStreamWriter xml, String name, String value) throws XMLStreamException {
        if (value != null) {
            text(xml, name, value);
        }
    }
}
