package eu.xs2a.payment.support;

import static io.restassured.RestAssured.given;

import io.restassured.response.Response;

/** The PSU's round trip: gateway link → bank pages → gateway callback → TPP. */
public final class Sca {

    private Sca() {
    }

    /** Follows the one-time gateway link; returns the bank's SCA page URL it redirects to. */
    public static String followGatewayLink(String scaRedirect) {
        Response response = given().config(Tpps.RAW).get(Payments.local(scaRedirect));
        response.then().statusCode(302);
        return response.header("Location");
    }

    /** The browser arrives back at the gateway's callback; returns the gateway's answer (a 302 to the TPP). */
    public static Response returnToGateway(String callbackUrl) {
        return given().config(Tpps.RAW).get(Payments.local(callbackUrl));
    }

    /** The whole round trip with approval; returns where the gateway finally sends the PSU. */
    public static String approve(String scaRedirect, String psu) {
        String callback = BankBrowser.approve(followGatewayLink(scaRedirect), psu);
        Response back = returnToGateway(callback);
        back.then().statusCode(302);
        return back.header("Location");
    }

    /** The whole round trip with approval, paying from the PSU's account {@code debtorIban} the bank offers. */
    public static String approve(String scaRedirect, String psu, String debtorIban) {
        String callback = BankBrowser.approve(followGatewayLink(scaRedirect), psu, debtorIban);
        Response back = returnToGateway(callback);
        back.then().statusCode(302);
        return back.header("Location");
    }

    public static String deny(String scaRedirect, String psu) {
        String callback = BankBrowser.deny(followGatewayLink(scaRedirect), psu);
        Response back = returnToGateway(callback);
        back.then().statusCode(302);
        return back.header("Location");
    }
}
