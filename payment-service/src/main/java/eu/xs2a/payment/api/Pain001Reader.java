package eu.xs2a.payment.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import eu.xs2a.payment.domain.InitiationDocument;
import eu.xs2a.payment.domain.OriginalMessage;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MediaType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.dom.DOMSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Reads the body of a {@code pain.001-…} product, an ISO 20022 {@code pain.001.001.03} document holding one payment,
 * into the fields of the JSON initiation body, so that both kinds of body meet the same field rules
 * ({@link PaymentInitiationRequest}, read by {@link InitiationBodyReader}) and become the same order.
 *
 * <p>The parser refuses any DOCTYPE, so that no external entity is resolved and no entity is expanded (XXE, "billion
 * laughs"); JAXP's secure processing is on and external DTDs and schemas are not reachable either.
 */
@ApplicationScoped
public class Pain001Reader {

    static final String NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03";
    /** The later version, ISO 20022 2019: a structured ReqdExctnDt (Dt), BICFI for BIC, structured addresses. */
    static final String NAMESPACE_09 = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";
    /** ISO 20022's "no end-to-end id given" (EPC SEPA rulebook): the same as none. */
    static final String NOT_PROVIDED = "NOTPROVIDED";

    /**
     * The SEPA form of the schema (payment-service/src/main/resources/iso20022/README.md), in the jar and in the
     * native image.
     */
    private static final String SCHEMA = "/iso20022/pain.001.001.03.xsd";
    /** ISO 20022's own schema of pain.001.001.09 (payment-service/src/main/resources/iso20022/README.md). */
    private static final String SCHEMA_09 = "/iso20022/pain.001.001.09.xsd";
    /** The JSON body's townName, which the second address line becomes. */
    private static final int TOWN_LINE = 35;
    /** How much of a parser's or validator's message an error text quotes. */
    private static final int SHOWN = 240;

    private final ObjectMapper mapper = new ObjectMapper();
    private final DocumentBuilderFactory factory = secureFactory();
    private final Schema schema = loadSchema(SCHEMA);
    private final Schema schema09 = loadSchema(SCHEMA_09);

    /** {@code application/xml} (or the older {@code text/xml}), parameters allowed; else a FormatError. */
    static void requireXml(String contentType) {
        MediaType type = mediaType(contentType);
        if (type == null || !"xml".equalsIgnoreCase(type.getSubtype())
                || !("application".equalsIgnoreCase(type.getType()) || "text".equalsIgnoreCase(type.getType()))) {
            throw format("Content-Type must be application/xml for a pain.001 payment product");
        }
    }

    /** A document read: its payment (or bulk) as the JSON body's tree, and the document itself. */
    record Read(byte[] json, InitiationDocument document) {
    }

    /** The document of one payment, for the JSON initiation body's field rules. */
    Read read(byte[] body) {
        Element root = document(body);
        Element block = paymentBlock(root);
        List<Element> transactions = children(block, "CdtTrfTxInf");
        if (transactions.size() > 1) {
            throw format("The document holds more than one payment: several CdtTrfTxInf are a bulk payment, initiated"
                    + " at /v1/bulk-payments/{payment-product}");
        }
        Element transaction = one(block, "CdtTrfTxInf", "PmtInf");
        checkTotals(root, block, transactions);
        return new Read(bytes(toJson(block, transaction)), new InitiationDocument(message(root), body));
    }

    /**
     * A bulk document (one PmtInf, one or more CdtTrfTxInf) as the JSON bulk body's tree: the debtor, date and
     * {@code BtchBookg} of the PmtInf once, each CdtTrfTxInf an entry of {@code payments}.
     */
    Read readBulk(byte[] body) {
        Element root = document(body);
        Element block = paymentBlock(root);
        checkTotals(root, block, children(block, "CdtTrfTxInf"));
        ObjectNode json = mapper.createObjectNode();
        Element batch = path(block, "BtchBookg");
        if (batch != null) {
            json.put("batchBookingPreferred", Boolean.parseBoolean(text(batch)));
        }
        ArrayNode entries = mapper.createArrayNode();
        for (Element tx : children(block, "CdtTrfTxInf")) {
            ObjectNode entry = toJson(block, tx);
            moveTo(json, entry, "debtorAccount");
            moveTo(json, entry, "requestedExecutionDate");
            entries.add(entry);
        }
        json.set("payments", entries);
        return new Read(bytes(json), new InitiationDocument(message(root), body));
    }

    private static void moveTo(ObjectNode bulk, ObjectNode entry, String field) {
        if (entry.has(field)) {
            bulk.set(field, entry.remove(field));
        }
    }

    private byte[] bytes(ObjectNode json) {
        try {
            return mapper.writeValueAsBytes(json);
        } catch (IOException e) {
            throw new IllegalStateException("a tree of strings always serialises", e);
        }
    }

    /** The document's root, after the parser's and the schema's checks. */
    private Element document(byte[] body) {
        if (body == null || body.length == 0) {
            throw format("The request body is required");
        }
        Element root = parse(body).getDocumentElement();
        if (!isPain001(root) || !"Document".equals(root.getLocalName())) {
            throw format("The body must be an ISO 20022 pain.001.001.03 or pain.001.001.09 Document (namespace "
                    + NAMESPACE + " or " + NAMESPACE_09 + ")");
        }
        validate(root);
        return root;
    }

    /**
     * The group header's MsgId, CreDtTm and NbOfTxs and the PmtInfId (both schemas require them), its CtrlSum (where
     * given), and the document's version.
     */
    private static OriginalMessage message(Element root) {
        Element header = path(root, "CstmrCdtTrfInitn", "GrpHdr");
        return new OriginalMessage(text(path(header, "MsgId")),
                isVersion09(root) ? OriginalMessage.PAIN_001_09 : OriginalMessage.PAIN_001_03,
                text(path(root, "CstmrCdtTrfInitn", "PmtInf", "PmtInfId")), text(path(header, "CreDtTm")),
                text(path(header, "NbOfTxs")), text(path(header, "CtrlSum")));
    }

    /**
     * The totals the group header and the PmtInf state (NbOfTxs, and CtrlSum where given) must be those of the
     * document's transactions, as a bank's SEPA intake checks them: a document that disagrees with itself was not
     * built as its sender meant.
     */
    private static void checkTotals(Element root, Element block, List<Element> transactions) {
        BigDecimal sum = BigDecimal.ZERO;
        for (Element tx : transactions) {
            Element amount = path(tx, "Amt", "InstdAmt");
            if (amount != null) {
                sum = sum.add(new BigDecimal(text(amount)));
            }
        }
        for (Element totals : List.of(path(root, "CstmrCdtTrfInitn", "GrpHdr"), block)) {
            String where = totals == block ? "PmtInf" : "GrpHdr";
            Element count = path(totals, "NbOfTxs");
            if (count != null && new BigDecimal(text(count)).compareTo(BigDecimal.valueOf(transactions.size())) != 0) {
                throw format(where + "/NbOfTxs is " + text(count) + " but the document holds " + transactions.size()
                        + " CdtTrfTxInf");
            }
            Element controlSum = path(totals, "CtrlSum");
            if (controlSum != null && new BigDecimal(text(controlSum)).compareTo(sum) != 0) {
                throw format(where + "/CtrlSum is " + text(controlSum) + " but the InstdAmt of the document's"
                        + " CdtTrfTxInf add up to " + sum.toPlainString());
            }
        }
    }

    /** The document's one PmtInf. */
    private static Element paymentBlock(Element root) {
        Element initiation = one(root, "CstmrCdtTrfInitn", "Document");
        List<Element> blocks = children(initiation, "PmtInf");
        if (blocks.isEmpty()) {
            throw format("PmtInf is required in CstmrCdtTrfInitn");
        }
        if (blocks.size() > 1) {
            throw format("The document holds more than one PmtInf: a payment (or bulk) has one debtor account and"
                    + " execution date, one PmtInf");
        }
        return blocks.get(0);
    }

    private ObjectNode toJson(Element block, Element tx) {
        ObjectNode json = mapper.createObjectNode();
        String endToEnd = text(path(tx, "PmtId", "EndToEndId"));
        if (endToEnd != null && !NOT_PROVIDED.equals(endToEnd)) {
            json.put("endToEndIdentification", endToEnd);
        }
        Element debtorIban = path(block, "DbtrAcct", "Id", "IBAN");
        if (debtorIban != null) {
            ObjectNode debtor = json.putObject("debtorAccount").put("iban", text(debtorIban));
            putIfPresent(debtor, "currency", path(block, "DbtrAcct", "Ccy"));
        }
        Element amount = path(tx, "Amt", "InstdAmt");
        if (amount == null) {
            throw format("CdtTrfTxInf/Amt/InstdAmt is required");
        }
        json.putObject("instructedAmount").put("currency", amount.getAttribute("Ccy")).put("amount", text(amount));
        Element creditorIban = path(tx, "CdtrAcct", "Id", "IBAN");
        if (creditorIban == null) {
            throw format("CdtTrfTxInf/CdtrAcct/Id/IBAN is required");
        }
        json.putObject("creditorAccount").put("iban", text(creditorIban));
        putIfPresent(json, "creditorAgent", path(tx, "CdtrAgt", "FinInstnId", "BIC"));
        putIfPresent(json, "creditorAgent", path(tx, "CdtrAgt", "FinInstnId", "BICFI")); // .09
        putIfPresent(json, "creditorAgentName", path(tx, "CdtrAgt", "FinInstnId", "Nm"));
        Element creditorName = path(tx, "Cdtr", "Nm");
        if (creditorName == null) {
            throw format("CdtTrfTxInf/Cdtr/Nm is required");
        }
        json.put("creditorName", text(creditorName));
        Element address = path(tx, "Cdtr", "PstlAdr");
        if (address != null) {
            address(json.putObject("creditorAddress"), address);
        }
        List<Element> remittance = children(path(tx, "RmtInf"), "Ustrd");
        if (remittance.size() > 1) {
            throw format("RmtInf/Ustrd may occur once: the payment carries one unstructured remittance line");
        }
        if (!remittance.isEmpty()) {
            json.put("remittanceInformationUnstructured", text(remittance.get(0)));
        }
        Element date = path(block, "ReqdExctnDt");
        if (date != null && isVersion09(date)) {
            if (path(date, "Dt") == null) {
                throw format("ReqdExctnDt/DtTm is not supported: the execution date is a date, ReqdExctnDt/Dt");
            }
            date = path(date, "Dt");
        }
        putIfPresent(json, "requestedExecutionDate", date);
        return json;
    }

    /**
     * The SEPA schema's address: a country and up to two unstructured lines, read as the street (first line, up to 70
     * characters as streetName) and the town with its post code (second line, up to 35 as townName).
     */
    private static void address(ObjectNode json, Element address) {
        putIfPresent(json, "country", path(address, "Ctry"));
        // .09's structured address, where given, before the lines
        putIfPresent(json, "streetName", path(address, "StrtNm"));
        putIfPresent(json, "buildingNumber", path(address, "BldgNb"));
        putIfPresent(json, "postCode", path(address, "PstCd"));
        putIfPresent(json, "townName", path(address, "TwnNm"));
        List<Element> lines = children(address, "AdrLine");
        if (!lines.isEmpty() && !json.has("streetName")) {
            json.put("streetName", text(lines.get(0)));
        }
        if (lines.size() > 1 && !json.has("townName")) {
            String town = text(lines.get(1));
            if (town.codePointCount(0, town.length()) > TOWN_LINE) {
                throw format("Cdtr/PstlAdr/AdrLine: the second line (post code and town) is longer than "
                        + TOWN_LINE + " characters");
            }
            json.put("townName", town);
        }
    }

    private Document parse(byte[] body) {
        try {
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new DefaultHandler() {
                @Override
                public void error(org.xml.sax.SAXParseException e) throws SAXException {
                    throw e; // a recoverable error of the parser is a refusal too
                }
            });
            builder.setEntityResolver((publicId, systemId) -> {
                throw new SAXException("external entities are not resolved");
            });
            return builder.parse(new ByteArrayInputStream(body));
        } catch (SAXException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            if (message.toUpperCase(Locale.ROOT).contains("DOCTYPE")) {
                throw format("A DOCTYPE is not allowed in a pain.001 document (no DTDs, no entities)");
            }
            throw format("The body is not well-formed XML: " + cleaned(message));
        } catch (ParserConfigurationException | IOException e) {
            throw format("The body could not be read as XML");
        }
    }

    /** Against the XSD: a violation is a FormatError quoting the validator, which names the element at fault. */
    private void validate(Element root) {
        boolean v09 = isVersion09(root);
        Validator validator = (v09 ? schema09 : schema).newValidator();
        try {
            validator.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            validator.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            validator.validate(new DOMSource(root.getOwnerDocument()));
        } catch (SAXException e) {
            throw format("The document does not match the pain.001.001." + (v09 ? "09" : "03") + " schema: "
                    + cleaned(e.getMessage()));
        } catch (IOException e) {
            throw format("The document could not be validated");
        }
    }

    private static boolean isPain001(Element element) {
        return NAMESPACE.equals(element.getNamespaceURI()) || NAMESPACE_09.equals(element.getNamespaceURI());
    }

    private static boolean isVersion09(Element element) {
        return NAMESPACE_09.equals(element.getNamespaceURI());
    }

    private static Schema loadSchema(String name) {
        URL xsd = Pain001Reader.class.getResource(name);
        if (xsd == null) {
            throw new IllegalStateException(name + " is missing from the application");
        }
        try {
            SchemaFactory schemas = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
            schemas.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            schemas.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            schemas.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            return schemas.newSchema(xsd);
        } catch (SAXException e) {
            throw new IllegalStateException(name + " is not a usable schema", e);
        }
    }

    private static DocumentBuilderFactory secureFactory() {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setXIncludeAware(false);
        f.setExpandEntityReferences(false);
        try {
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser lacks a safety feature", e);
        }
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        return f;
    }

    /** The element at the path of child names under {@code from}, each the first of its name, or null. */
    private static Element path(Element from, String... names) {
        Element current = from;
        for (String name : names) {
            if (current == null) {
                return null;
            }
            List<Element> found = children(current, name);
            current = found.isEmpty() ? null : found.get(0);
        }
        return current;
    }

    private static Element one(Element parent, String name, String parentName) {
        List<Element> found = children(parent, name);
        if (found.size() != 1) {
            throw format(name + " is required once in " + parentName);
        }
        return found.get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        if (parent == null) {
            return found;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            // one namespace per document: the schema it was validated against
            if (n instanceof Element e && isPain001(e) && name.equals(e.getLocalName())) {
                found.add(e);
            }
        }
        return found;
    }

    private static String text(Element element) {
        return element == null ? null : element.getTextContent().strip();
    }

    private static void putIfPresent(ObjectNode json, String field, Element element) {
        if (element != null) {
            json.put(field, text(element));
        }
    }

    /**
     * The parser's or validator's message on one line and short (it quotes at most a little of the body), without the
     * namespace that would name every element twice.
     */
    private static String cleaned(String message) {
        String line = (message == null ? "" : message).replace("\"" + NAMESPACE + "\":", "")
                .replace("\"" + NAMESPACE_09 + "\":", "")
                .replaceAll("\\s+", " ").strip();
        return line.length() <= SHOWN ? line : line.substring(0, SHOWN) + "…";
    }

    private static MediaType mediaType(String contentType) {
        try {
            return contentType == null ? null : MediaType.valueOf(contentType);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Psd2Exception format(String message) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, message);
    }
}
