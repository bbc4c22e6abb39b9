package eu.xs2a.account.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FundsRequestTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static FundsRequest parse(String amount, String currency) throws Exception {
        return FundsRequest.parse(JSON.readTree("{\"account\": {\"iban\": \"DE89370400440532013000\", "
                + "\"currency\": \"EUR\"}, \"cardNumber\": \"1234\", \"instructedAmount\": {\"currency\": \""
                + currency + "\", \"amount\": \"" + amount + "\"}}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "0.01", "12.3", "12.30", "99999999999999.99"})
    void positiveAmountsWithUpToTwoDecimalsAreFineForEur(String amount) throws Exception {
        FundsRequest request = parse(amount, "EUR");
        assertEquals(amount, request.instructedAmount().amount());
        assertEquals("1234", request.cardNumber());
        assertEquals("DE89370400440532013000", request.account().get("iban"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0.00", "-1", "1.001", "12.300", "1,5", ".5", "1.", "+1", "1e2", ""})
    void otherAmountsAreFormatErrors(String amount) {
        Psd2Exception e = assertThrows(Psd2Exception.class, () -> parse(amount, "EUR"));
        assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass());
        assertEquals("instructedAmount.amount", e.path(), "the field at fault");
    }

    @Test
    void decimalsFollowTheCurrency() throws Exception {
        parse("100", "JPY");
        assertThrows(Psd2Exception.class, () -> parse("100.5", "JPY"));
        parse("1.123", "BHD");
    }

    @Test
    void ibansAreCheckedAndNormalised() throws Exception {
        FundsRequest request = FundsRequest.parse(JSON.readTree("{\"account\": {\"iban\": \"de89 3704 0044 0532 0130 00\"},"
                + " \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1\"}}"));
        assertEquals("DE89370400440532013000", request.account().get("iban"));
        assertThrows(Psd2Exception.class, () -> FundsRequest.parse(JSON.readTree("{\"account\": {\"iban\": "
                + "\"DE88370400440532013000\"}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1\"}}")));
        Psd2Exception shortGerman = assertThrows(Psd2Exception.class, () -> FundsRequest.parse(JSON.readTree(
                "{\"account\": {\"iban\": \"DE9710020030100000037\"}, \"instructedAmount\": {\"currency\": \"EUR\","
                        + " \"amount\": \"1\"}}")));
        assertEquals("account.iban 'DE9710020030100000037' is not a valid IBAN: an IBAN of DE has 22 characters, this one"
                + " 21", shortGerman.getMessage());
        assertEquals("account.iban", shortGerman.path());
    }

    @ParameterizedTest
    @ValueSource(strings = {"eur", "EU", "EURO", "QQQ", "€"})
    void currenciesMustBeIso4217(String currency) {
        assertEquals("instructedAmount.currency", assertThrows(Psd2Exception.class, () -> parse("1.00", currency))
                .path());
    }
}
