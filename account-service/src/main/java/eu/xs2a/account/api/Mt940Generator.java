package eu.xs2a.account.api;

import eu.xs2a.account.domain.Account;
import eu.xs2a.account.domain.StatementBalances;
import eu.xs2a.account.domain.Transaction;
import eu.xs2a.account.domain.TransactionQuery;
import eu.xs2a.account.domain.TransactionReport;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.text.Normalizer;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * A transaction report as a SWIFT MT940 customer statement (the text block, lines ended by CR LF, closed by "-").
 * MT940 holds booked entries only, so only a report of bookingStatus=booked is served in it. The entries are those
 * of the JSON report, in its order; each :61: line carries the entryReference as the customer reference and the
 * transactionId (up to 16 characters) as the bank's reference, its :86: line the counterparty and remittance text.
 * Text is cut down to the SWIFT character set (letters without accents, digits, {@code / - ? : ( ) . , ' +} and space).
 */
@ApplicationScoped
public class Mt940Generator {

    private static final DateTimeFormatter YYMMDD = DateTimeFormatter.ofPattern("yyMMdd");
    private static final DateTimeFormatter MMDD = DateTimeFormatter.ofPattern("MMdd");
    private static final String CRLF = "\r\n";
    private static final int LINE = 65;
    private static final int LINES_86 = 6;

    /** Before the report is read (a refused format costs no access): MT940 holds booked entries only. */
    public static void requireBooked(TransactionQuery query) {
        if (!Transaction.BOOKED.equals(query.bookingStatus())) {
            throw new Psd2Exception(ErrorClass.REQUESTED_FORMATS_INVALID, "MT940 (text/plain) holds booked entries "
                    + "only: ask for bookingStatus=booked, or for application/json or application/xml");
        }
    }

    public String write(TransactionReport report) {
        requireBooked(report.query());
        StatementBalances balances = StatementBalances.of(report, "MT940");
        Account a = report.account();
        StringBuilder out = new StringBuilder();
        line(out, ":20:" + swift(("STMT" + a.resourceId).replace("-", ""), 16));
        line(out, ":25:" + swift(a.iban != null ? a.iban.replace(" ", "") : a.bban, 35));
        // statement 1, its parts numbered from the oldest (the last page) on: the first page is the last part
        line(out, ":28C:1/" + Math.max(1, Math.min(report.lastPage() - report.query().page() + 1, 99999)));
        line(out, (balances.opensStatement() ? ":60F:" : ":60M:")
                + balance(balances.opening(), balances.openingDate(), balances.currency()));
        for (Transaction t : report.transactions()) {
            entry(out, t);
        }
        line(out, (balances.closesStatement() ? ":62F:" : ":62M:")
                + balance(balances.closing(), balances.closingDate(), balances.currency()));
        line(out, "-");
        return out.toString();
    }

    private static void entry(StringBuilder out, Transaction t) {
        BigDecimal amount = new BigDecimal(t.amount);
        LocalDate booked = t.bookingDate != null ? t.bookingDate : t.entryDate;
        LocalDate value = t.valueDate != null ? t.valueDate : booked;
        String reference = t.shownEntryReference() != null ? t.shownEntryReference() : "NONREF";
        line(out, ":61:" + YYMMDD.format(value) + MMDD.format(booked) + (amount.signum() < 0 ? "D" : "C")
                + amount(amount) + "NTRF" + swift(reference, 16) + "//" + swift(t.transactionId, 16));
        String counterparty = amount.signum() < 0 ? t.creditorName : t.debtorName;
        String details = join(counterparty, t.remittanceInformation);
        if (!details.isEmpty()) {
            lines86(details).forEach(l -> line(out, l));
        }
    }

    /** :86: and its continuation lines, 65 characters each, none of them opening with ':' or '-'. */
    static List<String> lines86(String details) {
        List<String> lines = new ArrayList<>();
        String rest = swift(details, LINE * LINES_86);
        String prefix = ":86:";
        while (!rest.isEmpty() && lines.size() < LINES_86) {
            int room = LINE - prefix.length();
            String chunk = rest.substring(0, Math.min(room, rest.length()));
            lines.add(prefix + chunk);
            rest = rest.substring(chunk.length());
            prefix = rest.startsWith(":") || rest.startsWith("-") ? " " : "";
        }
        return lines;
    }

    private static String join(String first, String second) {
        if (first == null || first.isBlank()) {
            return second == null ? "" : second.strip();
        }
        return second == null || second.isBlank() ? first.strip() : first.strip() + " " + second.strip();
    }

    /** D or C, the date, the currency, the amount: :60F:/:60M: and :62F:/:62M:. */
    private static String balance(BigDecimal amount, LocalDate date, String currency) {
        return (amount.signum() < 0 ? "D" : "C") + YYMMDD.format(date) + currency + amount(amount);
    }

    /** Unsigned, with a decimal comma, as MT940 writes amounts ("12,5" is 12.50). */
    static String amount(BigDecimal amount) {
        String plain = amount.abs().toPlainString();
        return plain.contains(".") ? plain.replace('.', ',') : plain + ",";
    }

    /** Text in the SWIFT X character set, at most {@code max} characters: accents dropped, others as a space. */
    static String swift(String value, int max) {
        String plain = Normalizer.normalize(value, Normalizer.Form.NFD).replaceAll("\\p{M}", "")
                .replace("ß", "ss").replaceAll("[^A-Za-z0-9/\\-?:().,'+ ]", " ");
        // a line may not start with ':' or '-' (they open a field or end the message)
        plain = plain.replaceAll("^[:\\-]+", "");
        return plain.length() <= max ? plain : plain.substring(0, max);
    }

    private static void line(StringBuilder out, String line) {
        out.append(line).append(CRLF);
    }
}
