package eu.xs2a.tpp.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.tpp.CliException;
import eu.xs2a.tpp.http.RequestBuilder.Header;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** How the headers of a request are put together from what the user typed. */
class RequestBuilderTest {

    private static final RequestSigner SIGNER =
            TestPki.create("Builder Test CA").tpp("PSDXX-TEST-000001", "Builder TPP", Role.PSP_AI).signer();
    private static final URI URI_ = URI.create("http://localhost:8080/sandbox/api/berlingroup/v1/consents");

    @Test
    void headerArgumentsSplitAtTheFirstColonAndAreTrimmed() {
        assertEquals(new Header("TPP-Redirect-URI", "https://tpp.example/cb?x=1"),
                Header.parse("TPP-Redirect-URI: https://tpp.example/cb?x=1"));
        assertEquals(new Header("Consent-ID", ""), Header.parse("Consent-ID:"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Header.parse("Consent-ID"))
                .getMessage().contains("Name:value"));
        assertThrows(IllegalArgumentException.class, () -> Header.parse(":value"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Header.parse("Bad Name:value"))
                .getMessage().contains("not a valid header name"));
    }

    @Test
    void targetIsThePathOnTheBaseUrlOrAFullUrl() {
        assertEquals("http://localhost:8080/sandbox/x?a=1",
                RequestBuilder.target("http://localhost:8080", "/sandbox/x?a=1").toString());
        assertEquals("http://localhost:8080/sandbox/x", RequestBuilder.target("http://localhost:8080/", "sandbox/x").toString());
        assertEquals("https://gw.example/p", RequestBuilder.target("http://localhost:8080", "https://gw.example/p").toString());
        CliException spaces = assertThrows(CliException.class, () -> RequestBuilder.target("http://localhost:8080", "/a b"));
        assertEquals(2, spaces.exitCode());
        assertTrue(spaces.getMessage().contains("%20"), spaces.getMessage());
        assertThrows(CliException.class, () -> RequestBuilder.target("localhost:8080", "/x"));
    }

    @Test
    void jsonDefaultsOnlyWhereTheUserGaveNothing() {
        Map<String, String> withBody = RequestBuilder.plainHeaders(List.of(), true, null);
        assertEquals("application/json", withBody.get("Accept"));
        assertEquals("application/json", withBody.get("Content-Type"));
        assertNull(RequestBuilder.plainHeaders(List.of(), false, null).get("Content-Type"), "no body, no Content-Type");

        Map<String, String> given = RequestBuilder.plainHeaders(
                List.of(Header.parse("content-type: text/plain"), Header.parse("ACCEPT:*/*")), true, null);
        assertEquals(2, given.size());
        assertEquals("text/plain", given.get("content-type"));
        assertEquals("*/*", given.get("ACCEPT"));
    }

    @Test
    void aRepeatedHeaderKeepsTheLastValueAndPsuIpAddsTheHeader() {
        Map<String, String> headers = RequestBuilder.plainHeaders(
                List.of(Header.parse("PSU-ID:psu1"), Header.parse("psu-id:psu2"), Header.parse("PSU-IP-Address:1.1.1.1")),
                false, "192.168.0.7");
        assertEquals("psu2", headers.get("psu-id"));
        assertEquals("192.168.0.7", headers.get("PSU-IP-Address"));
        assertEquals(List.of("psu-id", "PSU-IP-Address", "Accept"), List.copyOf(headers.keySet()));
    }

    @Test
    void aHeaderValueOutsideAsciiIsRefusedAsTheClientWouldSendQuestionMarks() {
        CliException e = assertThrows(CliException.class,
                () -> RequestBuilder.plainHeaders(List.of(Header.parse("PSU-ID:Müller")), false, null));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("PSU-ID") && e.getMessage().contains("UTF-8"), e.getMessage());
    }

    @Test
    void transportHeadersAreRefused() {
        for (String name : List.of("Host", "content-length", "Connection")) {
            CliException e = assertThrows(CliException.class,
                    () -> RequestBuilder.plainHeaders(List.of(Header.parse(name + ":x")), false, null));
            assertEquals(2, e.exitCode());
        }
    }

    @Test
    void signedRequestCarriesTheSigningHeadersAndSignsRedirectUriAndPsuId() {
        byte[] body = "{\"access\":{}}".getBytes(StandardCharsets.UTF_8);
        OutgoingRequest request = RequestBuilder.build(SIGNER, "post", URI_,
                List.of(Header.parse("TPP-Redirect-URI:https://tpp.example/cb"), Header.parse("PSU-ID:psu1"),
                        Header.parse("TPP-Redirect-Preferred:true")), body, null);
        assertEquals("POST", request.method());
        for (String name : List.of("X-Request-ID", "Date", "Digest", "Signature", "TPP-Signature-Certificate",
                "Content-Type", "Accept", "TPP-Redirect-Preferred")) {
            assertTrue(request.header(name) != null, name + " missing in " + request.headers());
        }
        assertEquals(SIGNER.digest(body), request.header("digest"));
        String signedList = request.header("Signature").replaceAll(".*headers=\"([^\"]*)\".*", "$1");
        assertEquals(List.of("digest", "x-request-id", "date", "psu-id", "tpp-redirect-uri"),
                List.of(signedList.split(" ")));
    }

    @Test
    void anExplicitRequestIdIsSignedAndOtherSigningHeadersGivenWinOverTheComputedOnes() {
        String id = "0b2cd8a4-7b6e-4bd1-9f55-9f3f5a6a1e11";
        OutgoingRequest request = RequestBuilder.build(SIGNER, "GET", URI_,
                List.of(Header.parse("X-Request-ID:" + id), Header.parse("Digest:SHA-256=bogus")), new byte[0], null);
        assertEquals(id, request.header("X-Request-ID"));
        assertEquals("SHA-256=bogus", request.header("Digest"));
        assertEquals(1, request.headers().keySet().stream().filter("digest"::equalsIgnoreCase).count());
        OutgoingRequest other = RequestBuilder.build(SIGNER, "GET", URI_, List.of(), new byte[0], null);
        assertNotEquals(request.header("X-Request-ID"), other.header("X-Request-ID"));
    }

    @Test
    void unsignedRequestHasNoSigningHeadersButARequestId() {
        OutgoingRequest request = RequestBuilder.build(null, "GET", URI_, List.of(), null, null);
        assertEquals(Set.of("Accept", "X-Request-ID"), request.headers().keySet());
        assertEquals(request.header("X-Request-ID"), UUID.fromString(request.header("X-Request-ID")).toString());
        assertEquals(0, request.body().length);
        OutgoingRequest given = RequestBuilder.build(null, "GET", URI_,
                List.of(Header.parse("X-Request-ID:99391c7e-ad88-49ec-a2ad-99ddcb1f7721")), null, null);
        assertEquals("99391c7e-ad88-49ec-a2ad-99ddcb1f7721", given.header("X-Request-ID"));
    }

    @Test
    void aMethodMustBeAWord() {
        for (String method : List.of("", "GE T", "G3T", "/x")) {
            CliException e = assertThrows(CliException.class,
                    () -> RequestBuilder.build(SIGNER, method, URI_, List.of(), null, null));
            assertEquals(2, e.exitCode());
        }
    }
}
