package eu.xs2a.registration.support;

import static eu.xs2a.registration.support.Api.registerJwt;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;

/** A client registered through open-banking DCR for a fresh organisation: its id, secret, organisation and letter address. */
public record OpenBankingClient(String id, String secret, String orgId, String contact) {

    /** Registers a new software of a new organisation, signed by a QSEAL of that organisation. */
    public static OpenBankingClient register() {
        String softwareId = "sw" + UUID.randomUUID().toString().replace("-", "");
        String orgId = Api.orgId();
        String contact = Api.email("ob-cert");
        TestTpp tpp = TestPki.shared().tpp(orgId, "OB TPP", Role.PSP_AI);
        String ssa = Jwts.ssa(Jwts.ssaClaims(softwareId, orgId, contact));
        Response response = registerJwt(Jwts.signedByQseal(Jwts.requestClaims(softwareId, ssa), tpp));
        response.then().statusCode(200);
        return new OpenBankingClient(response.path("client_id"), response.path("client_secret"), orgId, contact);
    }

    /** The HTTP Basic credentials of the certificate endpoint. */
    public String basic() {
        return "Basic " + Base64.getEncoder().encodeToString((id + ":" + secret).getBytes(StandardCharsets.UTF_8));
    }
}
