package eu.xs2a.payment.support;

import eu.xs2a.testsupport.TestTpp;
import io.restassured.response.Response;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/** Payment bodies and the usual calls of a TPP. */
public final class Payments {

    public static final String SCT = "sepa-credit-transfers";
    public static final String TPP_OK = "https://tpp.example/ok";
    public static final String TPP_NOK = "https://tpp.example/nok";
    /** A creditor at another bank (valid check digits). */
    public static final String CREDITOR_IBAN = "DE89370400440532013000";

    private Payments() {
    }

    public static String path(String provider, String product) {
        return "/" + provider + "/api/berlingroup/v1/payments/" + product;
    }

    public static String body(String amount) {
        return """
                {"instructedAmount": {"currency": "EUR", "amount": "%s"},
                 "creditorAccount": {"iban": "%s"},
                 "creditorName": "Merchant GmbH",
                 "creditorAddress": {"streetName": "Hauptstrasse", "buildingNumber": "1", "townName": "Berlin",
                                     "postCode": "10115", "country": "DE"},
                 "remittanceInformationUnstructured": "Invoice 4711",
                 "endToEndIdentification": "E2E-4711"}
                """.formatted(amount, CREDITOR_IBAN);
    }

    public static Map<String, String> headers() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("PSU-IP-Address", "192.168.8.78");
        headers.put("TPP-Redirect-URI", TPP_OK);
        headers.put("TPP-Nok-Redirect-URI", TPP_NOK);
        return headers;
    }

    public static Map<String, String> headers(String name, String value) {
        Map<String, String> headers = headers();
        if (value == null) {
            headers.remove(name);
        } else {
            headers.put(name, value);
        }
        return headers;
    }

    public static Response initiate(TestTpp tpp, String provider, String product, Map<String, String> headers,
                                    String body) {
        return Tpps.send(tpp, "POST", path(provider, product), headers, body);
    }

    /** A payment of {@code amount} EUR under sandbox / sepa-credit-transfers; returns its path. */
    public static String create(TestTpp tpp, String amount) {
        Response response = initiate(tpp, "sandbox", SCT, headers(), body(amount));
        response.then().statusCode(201);
        return path("sandbox", SCT) + "/" + response.jsonPath().getString("paymentId");
    }

    /** The payment id at the end of a payment's self link. */
    public static String id(String self) {
        return self.substring(self.lastIndexOf('/') + 1);
    }

    /** The payment's transactionStatus as TPP Alpha reads it (200 expected). */
    public static String status(String self) {
        return Tpps.get(Tpps.ALPHA, self + "/status").then().statusCode(200).extract().path("transactionStatus");
    }

    /** Path and query of an absolute URL (the tests talk to the gateway directly, not through the ingress). */
    public static String local(String absoluteUrl) {
        URI uri = URI.create(absoluteUrl);
        return uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    }
}
