package eu.xs2a.consent.support;

import static io.restassured.RestAssured.given;

import io.restassured.response.Response;

/** account-service's side of the consent lookup: POST /internal/v1/consent-checks with a service token. */
public final class Lookup {

    public static final String PATH = "/internal/v1/consent-checks";

    private Lookup() {
    }

    public static Response check(String body) {
        return given().header("Authorization", "Bearer " + ServiceTokenKeys.token())
                .contentType("application/json").body(body).post(PATH);
    }

    public static String body(String tppId, String consentId, String purpose, String resource, String iban,
                              boolean psuPresent) {
        return body("sandbox", tppId, consentId, purpose, resource, iban, psuPresent);
    }

    public static String body(String providerCode, String tppId, String consentId, String purpose, String resource,
                              String iban, boolean psuPresent) {
        return "{\"providerCode\":\"" + providerCode + "\",\"tppId\":\"" + tppId + "\",\"consentId\":\"" + consentId
                + "\",\"purpose\":\"" + purpose + "\",\"resource\":\"" + resource + "\""
                + (iban == null ? "" : ",\"account\":{\"iban\":\"" + iban + "\"}")
                + ",\"psuPresent\":" + psuPresent + "}";
    }
}
