package eu.xs2a.account.api;

import static eu.xs2a.platform.iso20022.Iso20022Writer.text;
import static eu.xs2a.platform.iso20022.Iso20022Writer.textIfPresent;

import eu.xs2a.account.domain.Account;
import eu.xs2a.account.domain.Balance;
import eu.xs2a.account.domain.StatementBalances;
import eu.xs2a.account.domain.Transaction;
import eu.xs2a.account.domain.TransactionReport;
import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.iso20022.Iso20022Writer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.regex.Pattern;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A transaction report as an ISO 20022 camt message (version 02 of the German and SEPA usage): camt.053 (bank to
 * customer statement) when only booked entries are asked for, camt.052 (account report, which may hold pending ones)
 * otherwise. The entries are those of the JSON report, in its order: {@code NtryRef} is the entryReference,
 * {@code AcctSvcrRef} the transactionId. camt.052 carries the balances the consent covers; camt.053 carries the
 * statement's opening and closing booked balances ({@link StatementBalances}), which it must.
 */
@ApplicationScoped
public class CamtGenerator {

    static final String CAMT_052 = "urn:iso:std:iso:20022:tech:xsd:camt.052.001.02";
    static final String CAMT_053 = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.02";

    private static final Pattern IBAN = Pattern.compile("[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}");
    /** Berlin Group balance types that have an ISO 20022 code (BalanceType12Code); others go as proprietary. */
    private static final Map<String, String> BALANCE_CODES = Map.of("closingBooked", "CLBD", "expected", "XPCD",
            "openingBooked", "OPBD", "interimAvailable", "ITAV", "interimBooked", "ITBD", "forwardAvailable", "FWAV",
            "openingAvailable", "OPAV", "closingAvailable", "CLAV", "previouslyClosedBooked", "PRCD");

    @Inject Clock clock;

    /** camt.053 for a report of booked entries only. */
    public static boolean statement(TransactionReport report) {
        return Transaction.BOOKED.equals(report.query().bookingStatus());
    }

    public String write(TransactionReport report) {
        boolean statement = statement(report);
        StatementBalances balances = statement ? StatementBalances.of(report, "camt.053") : null;
        String id = SecureTokens.random(12); // 16 characters: a Max35Text id of this answer
        String created = Instant.now(clock).truncatedTo(ChronoUnit.SECONDS).toString();
        return Iso20022Writer.document(statement ? CAMT_053 : CAMT_052,
                statement ? "BkToCstmrStmt" : "BkToCstmrAcctRpt", id, created, xml -> {
            xml.writeStartElement(statement ? "Stmt" : "Rpt");
            text(xml, "Id", id);
            text(xml, "CreDtTm", created);
            if (report.query().dateFrom() != null) { // a delta report has no period
                xml.writeStartElement("FrToDt");
                text(xml, "FrDtTm", report.query().dateFrom() + "T00:00:00");
                text(xml, "ToDtTm", report.query().dateTo() + "T23:59:59");
                xml.writeEndElement();
            }
            account(xml, report.account());
            if (statement) {
                // a part of a statement of several pages opens or closes with an interim booked balance
                balance(xml, balances.opensStatement() ? "OPBD" : "ITBD", null, balances.opening(),
                        balances.currency(), balances.openingDate());
                balance(xml, balances.closesStatement() ? "CLBD" : "ITBD", null, balances.closing(),
                        balances.currency(), balances.closingDate());
            } else if (report.balances() != null) {
                for (Balance b : report.balances()) {
                    balance(xml, BALANCE_CODES.get(b.balanceType), b, new BigDecimal(b.amount), b.currency,
                            StatementBalances.dateOf(b, report));
                }
            }
            for (Transaction t : report.transactions()) {
                entry(xml, t);
            }
            xml.writeEndElement();
        });
    }

    private static void account(XMLStreamWriter xml, Account a) throws XMLStreamException {
        xml.writeStartElement("Acct");
        accountId(xml, a.iban, a.bban);
        text(xml, "Ccy", a.currency);
        xml.writeEndElement();
    }

    /** An account's Id: its IBAN, or any other identifier (BBAN, PAN, …) as Othr. */
    private static void accountId(XMLStreamWriter xml, String iban, String other) throws XMLStreamException {
        xml.writeStartElement("Id");
        String compact = iban == null ? null : iban.replace(" ", "");
        if (compact != null && IBAN.matcher(compact).matches()) {
            text(xml, "IBAN", compact);
        } else {
            xml.writeStartElement("Othr");
            text(xml, "Id", limit(other != null ? other : iban, 34));
            xml.writeEndElement();
        }
        xml.writeEndElement();
    }

    /** @param code the ISO code, or null for a Berlin Group type without one (its name as proprietary) */
    private static void balance(XMLStreamWriter xml, String code, Balance balance, BigDecimal amount,
                                String currency, LocalDate date) throws XMLStreamException {
        xml.writeStartElement("Bal");
        xml.writeStartElement("Tp");
        xml.writeStartElement("CdOrPrtry");
        if (code != null) {
            text(xml, "Cd", code);
        } else {
            text(xml, "Prtry", limit(balance.balanceType, 35));
        }
        xml.writeEndElement();
        xml.writeEndElement();
        if (balance != null && balance.creditLimitIncluded != null) {
            xml.writeStartElement("CdtLine");
            text(xml, "Incl", balance.creditLimitIncluded.toString());
            xml.writeEndElement();
        }
        amount(xml, amount, currency);
        xml.writeStartElement("Dt");
        text(xml, "Dt", date.toString());
        xml.writeEndElement();
        xml.writeEndElement();
    }

    private static void entry(XMLStreamWriter xml, Transaction t) throws XMLStreamException {
        xml.writeStartElement("Ntry");
        textIfPresent(xml, "NtryRef", t.shownEntryReference());
        amount(xml, new BigDecimal(t.amount), t.currency);
        text(xml, "Sts", Transaction.BOOKED.equals(t.bookingStatus) ? "BOOK" : "PDNG");
        date(xml, "BookgDt", t.bookingDate);
        date(xml, "ValDt", t.valueDate);
        text(xml, "AcctSvcrRef", limit(t.transactionId, 35));
        bankTransactionCode(xml, t.bankTransactionCode);
        xml.writeStartElement("NtryDtls");
        xml.writeStartElement("TxDtls");
        if (present(t.endToEndId)) {
            xml.writeStartElement("Refs");
            text(xml, "EndToEndId", limit(t.endToEndId, 35));
            xml.writeEndElement();
        }
        if (present(t.debtorName) || t.debtorAccount != null && !t.debtorAccount.isEmpty() || present(t.creditorName)
                || t.creditorAccount != null && !t.creditorAccount.isEmpty()) {
            xml.writeStartElement("RltdPties");
            party(xml, "Dbtr", "DbtrAcct", t.debtorName, t.debtorAccount);
            party(xml, "Cdtr", "CdtrAcct", t.creditorName, t.creditorAccount);
            xml.writeEndElement();
        }
        if (present(t.remittanceInformation)) {
            xml.writeStartElement("RmtInf");
            text(xml, "Ustrd", limit(t.remittanceInformation, 140));
            xml.writeEndElement();
        }
        xml.writeEndElement();
        xml.writeEndElement();
        xml.writeEndElement();
    }

    /** BkTxCd is required of an entry: the bank's code as proprietary, or empty when it gave none. */
    private static void bankTransactionCode(XMLStreamWriter xml, String code) throws XMLStreamException {
        if (code == null) {
            xml.writeEmptyElement("BkTxCd");
            return;
        }
        xml.writeStartElement("BkTxCd");
        xml.writeStartElement("Prtry");
        text(xml, "Cd", limit(code, 35));
        xml.writeEndElement();
        xml.writeEndElement();
    }

    private static void party(XMLStreamWriter xml, String party, String account, String name,
                              Map<String, String> reference) throws XMLStreamException {
        if (present(name)) {
            xml.writeStartElement(party);
            text(xml, "Nm", limit(name, 140));
            xml.writeEndElement();
        }
        if (reference != null && !reference.isEmpty()) {
            String other = reference.getOrDefault("bban", reference.getOrDefault("pan",
                    reference.getOrDefault("maskedPan", reference.values().iterator().next())));
            xml.writeStartElement(account);
            accountId(xml, reference.get("iban"), other);
            xml.writeEndElement();
        }
    }

    /** ISO amounts are unsigned (the sign goes into CdtDbtInd): at most 5 decimals, as the bank's 2 are. */
    private static void amount(XMLStreamWriter xml, BigDecimal amount, String currency) throws XMLStreamException {
        xml.writeStartElement("Amt");
        xml.writeAttribute("Ccy", currency);
        xml.writeCharacters(amount.abs().toPlainString());
        xml.writeEndElement();
        text(xml, "CdtDbtInd", amount.signum() < 0 ? "DBIT" : "CRDT");
    }

    /** ISO text types have at least one character: an empty value the bank gave is left out. */
    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }

    private static void date(XMLStreamWriter xml, String name, LocalDate date) throws XMLStreamException {
        if (date == null) {
            return;
        }
        xml.writeStartElement(name);
        text(xml, "Dt", date.toString());
        xml.writeEndElement();
    }

    /** ISO text types are bounded (Max35Text, Max140Text); longer bank values are cut. */
    static String limit(String value, int max) {
        return value.length() <= max ? value : value.substring(0, max);
    }
}
