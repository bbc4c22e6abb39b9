package eu.xs2a.security.app;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestPkiResource;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Quarkus adapter end to end: real HTTP, real PostgreSQL (replay store), real signatures. */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = TestDatabase.class, restrictToAnnotatedClass = false)
class SignedEndpointTest {

    private static final String THINGS = "/sandbox/api/berlingroup/v1/things";
    private static TestTpp aisp;
    private static TestTpp pisp;

    @BeforeAll
    static void tpps() {
        RestAssured.config = RestAssured.config().encoderConfig(
                EncoderConfig.encoderConfig().appendDefaultContentCharsetToContentTypeIfUndefined(false));
        aisp = TestPki.shared().tpp("PSDDE-BAFIN-500001", "Alpha AISP", Role.PSP_AI);
        pisp = TestPki.shared().tpp("PSDDE-BAFIN-500002", "Beta PISP", Role.PSP_PI);
    }

    private static RequestSpecification signed(TestTpp tpp, String method, String path, String body) {
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        Map<String, String> headers = tpp.signer().sign(method, path, Map.of(), bytes);
        RequestSpecification spec = given().headers(headers);
        return body == null ? spec : spec.contentType("application/json").body(bytes);
    }

    private static ValidatableResponse error(ValidatableResponse response, int status, String text, String code) {
        return response.statusCode(status)
                .contentType("application/json")
                .body("error_text", equalTo(text))
                .body("error_code", equalTo(code))
                .body("tppMessages[0].category", equalTo("ERROR"))
                .body("tppMessages[0].code", equalTo(code))
                .body("error_message", notNullValue());
    }

    @Test
    void everyRefusalIsLoggedOnceWithTheTppWhenItIsKnown() {
        List<String> logged = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record.getLevel() + " " + record.getMessage() + " " + Arrays.toString(record.getParameters()));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger mappers = Logger.getLogger("eu.xs2a.platform.http.ErrorMappers");
        mappers.addHandler(capture);
        try {
            given().header("X-Request-ID", "11111111-2222-4333-8444-555555555555").get(THINGS + "/abc")
                    .then().statusCode(401);
            signed(pisp, "GET", THINGS + "/abc", null).get(THINGS + "/abc").then().statusCode(401);
        } finally {
            mappers.removeHandler(capture);
        }
        assertEquals(2, logged.size(), logged.toString());
        assertTrue(logged.get(0).startsWith("INFO") && logged.get(0).contains("CertificateMissing")
                && logged.get(0).contains("11111111-2222-4333-8444-555555555555")
                && logged.get(0).contains("not identified"), logged.get(0));
        assertTrue(logged.get(1).contains("RoleInvalid") && logged.get(1).contains("PSDDE-BAFIN-500002"), logged.get(1));
    }

    @Test
    void signedCreateReachesTheResourceWithTheRawBodyAndTheTpp() {
        String body = "{\r\n  \"name\" : \"first\",\r\n  \"count\" : 3\r\n}\n";
        signed(aisp, "POST", THINGS, body).post(THINGS).then()
                .statusCode(201)
                .header("Location", containsString(THINGS + "/"))
                .header("X-Request-ID", notNullValue())
                .body("tppId", equalTo("PSDDE-BAFIN-500001"))
                .body("name", equalTo("first"))
                .body("count", equalTo(3));
    }

    @Test
    void anInheritedMethodRequiresTheRoleOfTheResourceItIsCalledOn() {
        String ais = "/sandbox/api/berlingroup/v1/ais-shelf/1";
        String pis = "/sandbox/api/berlingroup/v1/pis-shelf/1";
        for (int round = 0; round < 2; round++) { // the second round meets the roles remembered by the first
            signed(aisp, "GET", ais, null).get(ais).then().statusCode(200).body("tppId", equalTo("PSDDE-BAFIN-500001"));
            signed(pisp, "GET", pis, null).get(pis).then().statusCode(200).body("tppId", equalTo("PSDDE-BAFIN-500002"));
            error(signed(aisp, "GET", pis, null).get(pis).then(), 401, "RoleInvalid", "ROLE_INVALID");
            error(signed(pisp, "GET", ais, null).get(ais).then(), 401, "RoleInvalid", "ROLE_INVALID");
        }
    }

    @Test
    void signedGetSeesRolesAndScopes() {
        signed(aisp, "GET", THINGS + "/abc", null).get(THINGS + "/abc").then()
                .statusCode(200)
                .body("tppId", equalTo("PSDDE-BAFIN-500001"))
                .body("roles", equalTo(java.util.List.of("PSP_AI")))
                .body("scopes.size()", equalTo(3));
    }

    @Test
    void unsignedRequestIsRefused() {
        error(given().get(THINGS + "/abc").then(), 400, "FormatError", "FORMAT_ERROR");
        String id = UUID.randomUUID().toString();
        error(given().header("X-Request-ID", id).get(THINGS + "/abc").then(), 401, "CertificateMissing",
                "CERTIFICATE_MISSING").header("X-Request-ID", id);
    }

    @jakarta.inject.Inject
    eu.xs2a.platform.provider.ProviderRegistry providers;

    @Test
    void providerRegistryReadsTheSharedPsd2Namespace() {
        assertEquals("http://localhost:1", providers.require("sandbox").bankUrl());
        assertEquals(java.util.List.of("sepa-credit-transfers"), providers.require("sandbox").paymentProducts());
        assertEquals(4, providers.require("sandbox").maxFrequencyPerDay());
        eu.xs2a.platform.error.Psd2Exception e = org.junit.jupiter.api.Assertions.assertThrows(
                eu.xs2a.platform.error.Psd2Exception.class, () -> providers.require("nope"));
        assertEquals(eu.xs2a.platform.error.ErrorClass.RESOURCE_UNKNOWN, e.errorClass());
    }

    @Test
    void unsignedEndpointStaysOpen() {
        given().get("/public/hello").then().statusCode(200).body(equalTo("hello"));
    }

    @Test
    void classRoleAndMethodRoleAreEnforced() {
        error(signed(pisp, "GET", THINGS + "/abc", null).get(THINGS + "/abc").then(), 401, "RoleInvalid", "ROLE_INVALID");
        error(signed(aisp, "POST", THINGS + "/payments", "{}").post(THINGS + "/payments").then(), 401, "RoleInvalid",
                "ROLE_INVALID");
        signed(pisp, "POST", THINGS + "/payments", "{}").post(THINGS + "/payments").then().statusCode(200)
                .body("tppId", equalTo("PSDDE-BAFIN-500002"));
    }

    @Test
    void tamperedBodyIsRefused() {
        byte[] body = "{\"name\":\"x\"}".getBytes(StandardCharsets.UTF_8);
        Map<String, String> headers = aisp.signer().sign("POST", THINGS, Map.of(), body);
        error(given().headers(headers).contentType("application/json").body("{\"name\":\"y\"}").post(THINGS).then(),
                401, "SignatureInvalid", "SIGNATURE_INVALID");
    }

    @Test
    void revokedCertificateIsRefused() {
        error(signed(TestPki.shared().revokedTpp(), "GET", THINGS + "/abc", null).get(THINGS + "/abc").then(), 401,
                "CertificateInvalid", "CERTIFICATE_REVOKE").body("error_message", containsString("revoked"));
    }

    @Test
    void retriedCreateGetsTheFirstAnswerAndCreatesNothing() {
        byte[] body = "{\"name\":\"once\"}".getBytes(StandardCharsets.UTF_8);
        String requestId = UUID.randomUUID().toString();
        Map<String, String> first = aisp.signer().sign("POST", THINGS, Map.of(), body, requestId);
        String firstBody = given().headers(first).contentType("application/json").body(body).post(THINGS).then()
                .statusCode(201).header("ASPSP-SCA-Approach", "REDIRECT").extract().asString();
        int created = ThingResource.CREATED.get();

        Map<String, String> retry = aisp.signer().sign("POST", THINGS, Map.of(), body, requestId);
        String retryBody = given().headers(retry).contentType("application/json").body(body).post(THINGS).then()
                .statusCode(201).header("ASPSP-SCA-Approach", "REDIRECT").header("X-Request-ID", requestId)
                .header("Location", containsString(THINGS)).extract().asString();
        assertEquals(firstBody, retryBody);
        assertEquals(created, ThingResource.CREATED.get());

        // same id, other body: refused
        byte[] other = "{\"name\":\"twice\"}".getBytes(StandardCharsets.UTF_8);
        Map<String, String> changed = aisp.signer().sign("POST", THINGS, Map.of(), other, requestId);
        error(given().headers(changed).contentType("application/json").body(other).post(THINGS).then(), 400,
                "FormatError", "FORMAT_ERROR").body("error_message", containsString("X-Request-ID already used"));

        // same id on a read: refused
        Map<String, String> read = aisp.signer().sign("GET", THINGS + "/x", Map.of(), new byte[0], requestId);
        error(given().headers(read).get(THINGS + "/x").then(), 400, "FormatError", "FORMAT_ERROR");

        // the same id is the other TPP's own business
        Map<String, String> otherTpp = TestPki.shared().tpp("PSDDE-BAFIN-500003", "Gamma", Role.PSP_AI).signer()
                .sign("POST", THINGS, Map.of(), body, requestId);
        given().headers(otherTpp).contentType("application/json").body(body).post(THINGS).then().statusCode(201);
    }

    @Test
    void aRetryWhileTheCreateRunsIsToldToComeBackAndThenGetsItsAnswer() throws Exception {
        ThingResource.SLOW_ENTERED = new CountDownLatch(1);
        ThingResource.SLOW_GO = new CountDownLatch(1);
        String slow = THINGS + "/slow";
        byte[] body = "{\"name\":\"slowly\"}".getBytes(StandardCharsets.UTF_8);
        String requestId = UUID.randomUUID().toString();
        Map<String, String> first = aisp.signer().sign("POST", slow, Map.of(), body, requestId);
        CompletableFuture<String> firstAnswer = CompletableFuture.supplyAsync(() -> given().headers(first)
                .contentType("application/json").body(body).post(slow).then().statusCode(201).extract().asString());
        try {
            assertTrue(ThingResource.SLOW_ENTERED.await(30, TimeUnit.SECONDS), "the first create never started");
            int created = ThingResource.CREATED.get();

            // the TPP's client gave up on the first one and retries it: not "already used", but "come back"
            Map<String, String> retry = aisp.signer().sign("POST", slow, Map.of(), body, requestId);
            error(given().headers(retry).contentType("application/json").body(body).post(slow).then(), 503,
                    "ServiceUnavailable", "SERVICE_UNAVAILABLE").header("Retry-After", "1")
                    .body("error_message", containsString("still being processed"));

            ThingResource.SLOW_GO.countDown();
            String firstBody = firstAnswer.get(30, TimeUnit.SECONDS);
            assertEquals(created + 1, ThingResource.CREATED.get());
            Map<String, String> again = aisp.signer().sign("POST", slow, Map.of(), body, requestId);
            String replayed = given().headers(again).contentType("application/json").body(body).post(slow).then()
                    .statusCode(201).extract().asString();
            assertEquals(firstBody, replayed);
            assertEquals(created + 1, ThingResource.CREATED.get(), "the retries created nothing");
        } finally {
            ThingResource.SLOW_GO.countDown();
        }
    }

    @Test
    void malformedJsonAndWrongTypesAreFormatErrors() {
        error(signed(aisp, "POST", THINGS, "{\"name\": ").post(THINGS).then(), 400, "FormatError", "FORMAT_ERROR")
                .body("error_message", not(containsString("Exception")));
        error(signed(aisp, "POST", THINGS, "{\"name\":\"a\",\"count\":\"many\"}").post(THINGS).then(), 400,
                "FormatError", "FORMAT_ERROR").body("error_message", containsString("count"));
        error(signed(aisp, "POST", THINGS, "[1,2]").post(THINGS).then(), 400, "FormatError", "FORMAT_ERROR");
        error(signed(aisp, "POST", THINGS, "{\"count\":1}").post(THINGS).then(), 400, "FormatError", "FORMAT_ERROR")
                .body("error_message", containsString("name"));
    }

    @Test
    void tooLongPsuIdIsAFormatError() {
        byte[] body = "{\"name\":\"a\"}".getBytes(StandardCharsets.UTF_8);
        Map<String, String> headers = aisp.signer().sign("POST", THINGS, Map.of("PSU-ID", "p".repeat(51)), body);
        error(given().headers(headers).contentType("application/json").body(body).post(THINGS).then(), 400,
                "FormatError", "FORMAT_ERROR").body("error_message", containsString("PSU-ID"));
    }

    @Test
    void unknownFieldsAreIgnored() {
        signed(aisp, "POST", THINGS, "{\"name\":\"a\",\"status\":\"valid\"}").post(THINGS).then().statusCode(201);
    }

    /** Quarkus REST threw while parsing such a header, and every endpoint answered 500. */
    @Test
    void aContentEncodingIsAFormatErrorSignedOrNot() {
        String body = "{\"name\":\"x\",\"count\":1}";
        error(signed(aisp, "POST", THINGS, body).header("Content-Encoding", "gzip").post(THINGS).then(),
                400, "FormatError", "FORMAT_ERROR").body("error_message", containsString("Content-Encoding 'gzip'"));
        error(given().header("X-Request-ID", UUID.randomUUID().toString()).header("Content-Encoding", "br")
                .get("/public/hello").then(), 400, "FormatError", "FORMAT_ERROR");
        signed(aisp, "POST", THINGS, body).header("Content-Encoding", "identity").post(THINGS).then().statusCode(201);
    }

    @Test
    void aContentTypeThatIsNoMediaTypeIsAFormatErrorSignedOrNot() throws Exception {
        byte[] body = "{\"name\":\"a\"}".getBytes(StandardCharsets.UTF_8);
        for (String contentType : List.of(";;;", "a/b/c", "/", "application/json/x")) {
            java.net.http.HttpRequest.Builder signedPost = java.net.http.HttpRequest.newBuilder(base.resolve(THINGS))
                    .header("Content-Type", contentType).POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(body));
            aisp.signer().sign("POST", THINGS, Map.of(), body).forEach(signedPost::header);
            java.net.http.HttpRequest.Builder unsignedGet = java.net.http.HttpRequest.newBuilder(base.resolve(THINGS + "/abc"))
                    .header("Content-Type", contentType).header("X-Request-ID", UUID.randomUUID().toString()).GET();
            for (java.net.http.HttpRequest.Builder request : List.of(signedPost, unsignedGet)) {
                java.net.http.HttpResponse<String> response = java.net.http.HttpClient.newHttpClient()
                        .send(request.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
                assertEquals(400, response.statusCode(), response.body());
                org.hamcrest.MatcherAssert.assertThat(response.body(), containsString("\"error_text\":\"FormatError\""));
                org.hamcrest.MatcherAssert.assertThat(response.body(),
                        containsString("Content-Type '" + contentType + "' is not a media type"));
            }
        }
    }

    @Test
    void wrongContentTypeIsAFormatError() {
        byte[] body = "name=a".getBytes(StandardCharsets.UTF_8);
        Map<String, String> headers = aisp.signer().sign("POST", THINGS, Map.of(), body);
        error(given().headers(headers).contentType("text/plain").body(body).post(THINGS).then(), 400, "FormatError",
                "FORMAT_ERROR").body("error_message", containsString("application/json"));
    }

    @Test
    void unknownPathAndMethodGetTheStandardBody() {
        String id = UUID.randomUUID().toString();
        error(given().header("X-Request-ID", id).get("/sandbox/api/berlingroup/v1/nothing-here").then(), 404,
                "ResourceUnknown", "RESOURCE_UNKNOWN").header("X-Request-ID", id);
        error(given().header("X-Request-ID", id).delete(THINGS).then(), 405, "ServiceInvalid", "SERVICE_INVALID")
                .header("X-Request-ID", id).header("Allow", "OPTIONS, POST");
        // the methods of this very path, not of its resource class: /things/{id} has only GET
        error(given().delete(THINGS + "/abc").then(), 405, "ServiceInvalid", "SERVICE_INVALID")
                .header("Allow", "GET, HEAD, OPTIONS");
    }

    /** An OPTIONS names the methods of its path, as a 405 does, not every method of the resource class. */
    @Test
    void optionsNamesTheMethodsOfItsPath() {
        given().options(THINGS).then().statusCode(200).header("Allow", "OPTIONS, POST");
        given().options(THINGS + "/abc").then().statusCode(200).header("Allow", "GET, HEAD, OPTIONS");
    }

    /** As a signed request there is: Quarkus REST would answer the OPTIONS of any provider code itself, 200. */
    @Test
    void optionsUnderAnUnknownProviderIsResourceUnknown() {
        String unknown = THINGS.replace("/sandbox/", "/nobank/");
        error(given().options(unknown).then(), 404, "ResourceUnknown", "RESOURCE_UNKNOWN")
                .body("tppMessages[0].text", containsString("nobank"));
    }

    /** Berlin Group's answer to an Accept the service cannot serve: 406 REQUESTED_FORMATS_INVALID. */
    @Test
    void unacceptableAcceptGetsTheStandardBodyAsJson() {
        Map<String, String> headers = aisp.signer().sign("GET", THINGS + "/abc", Map.of(), new byte[0]);
        error(given().headers(headers).accept("application/xml").get(THINGS + "/abc").then(), 406,
                "ActionNotAllowed", "REQUESTED_FORMATS_INVALID").body("tppMessages[0].text", containsString("Accept"));
    }

    /** JAX-RS would quietly answer with the first value; the interface takes no lists in the query. */
    @Test
    void aQueryParameterGivenTwiceIsAFormatError() {
        String path = THINGS + "/abc";
        Map<String, String> headers = aisp.signer().sign("GET", path, Map.of(), new byte[0]);
        error(given().headers(headers).urlEncodingEnabled(false)
                .get(path + "?dateFrom=2026-01-01&size=5&dateFrom=2026-02-01").then(), 400, "FormatError", "FORMAT_ERROR")
                .body("error_message", equalTo("Query parameter 'dateFrom' is given more than once"))
                .header("X-Request-ID", headers.get("X-Request-ID"));
        // names are compared as decoded, as JAX-RS reads them
        error(signed(aisp, "GET", path, null).urlEncodingEnabled(false).get(path + "?date%46rom=1&dateFrom=2").then(),
                400, "FormatError", "FORMAT_ERROR");
        signed(aisp, "GET", path, null).urlEncodingEnabled(false).get(path + "?a=1&b=2&c&d=").then().statusCode(200);
    }

    @Test
    void anAnswerKeptWithTheResourceOutlivesAFailureAfterIt() {
        byte[] body = "{\"name\":\"fails\"}".getBytes(StandardCharsets.UTF_8);
        String requestId = UUID.randomUUID().toString();
        Map<String, String> first = aisp.signer().sign("POST", THINGS + "/kept", Map.of(), body, requestId);
        error(given().headers(first).contentType("application/json").body(body).post(THINGS + "/kept").then(), 500,
                "InternalError", "INTERNAL_SERVER_ERROR");
        int created = ThingResource.CREATED.get();

        // the thing exists, so the 5xx did not free the id: the retry learns the thing instead of creating another
        Map<String, String> retry = aisp.signer().sign("POST", THINGS + "/kept", Map.of(), body, requestId);
        given().headers(retry).contentType("application/json").body(body).post(THINGS + "/kept").then()
                .statusCode(201).header("Location", containsString(THINGS + "/"))
                .header("X-Request-ID", requestId).body("name", equalTo("fails")).body("count", equalTo(0));
        assertEquals(created, ThingResource.CREATED.get());
    }

    @Test
    void theAnswerSentReplacesTheOneKeptWhenTheyDiffer() {
        byte[] body = "{\"name\":\"changes\"}".getBytes(StandardCharsets.UTF_8);
        String requestId = UUID.randomUUID().toString();
        Map<String, String> first = aisp.signer().sign("POST", THINGS + "/kept", Map.of(), body, requestId);
        String sent = given().headers(first).contentType("application/json").body(body).post(THINGS + "/kept").then()
                .statusCode(201).body("count", equalTo(1)).extract().asString();

        Map<String, String> retry = aisp.signer().sign("POST", THINGS + "/kept", Map.of(), body, requestId);
        assertEquals(sent, given().headers(retry).contentType("application/json").body(body).post(THINGS + "/kept")
                .then().statusCode(201).extract().asString());
    }

    @Test
    void unexpectedFailureIsAnInternalErrorWithoutDetails() {
        Map<String, String> headers = aisp.signer().sign("GET", THINGS + "/boom", Map.of(), new byte[0]);
        error(given().headers(headers).get(THINGS + "/boom").then(), 500, "InternalError", "INTERNAL_SERVER_ERROR")
                .header("X-Request-ID", headers.get("X-Request-ID"))
                .body(not(containsString("IllegalStateException")))
                .body(not(containsString("secret")))
                .body(not(containsString("com.example")));
        // a 5xx frees the X-Request-ID: the same id may be used for a retry
        error(given().headers(headers).get(THINGS + "/boom").then(), 500, "InternalError", "INTERNAL_SERVER_ERROR");
    }

    @Test
    void databaseAndBankOutagesAre503() {
        error(signed(aisp, "GET", THINGS + "/db-down", null).get(THINGS + "/db-down").then(), 503,
                "ServiceUnavailable", "SERVICE_UNAVAILABLE");
        error(signed(aisp, "GET", THINGS + "/bank-down", null).get(THINGS + "/bank-down").then(), 503,
                "ServiceUnavailable", "SERVICE_UNAVAILABLE").header("Retry-After", "5");
    }

    @io.quarkus.test.common.http.TestHTTPResource("/")
    java.net.URI base;

    @Test
    void tooLargeChunkedBodyIsRefusedWithTheStandardBody() throws Exception {
        byte[] big = new byte[1024 * 1024 + 10];
        java.util.Arrays.fill(big, (byte) ' ');
        Map<String, String> headers = aisp.signer().sign("POST", THINGS, Map.of(), big);
        java.net.http.HttpResponse<String> response = postChunked(big, headers);
        assertEquals(413, response.statusCode(), response.body());
        org.hamcrest.MatcherAssert.assertThat(response.body(), containsString("\"error_text\":\"FormatError\""));
        assertEquals(headers.get("X-Request-ID"), response.headers().firstValue("X-Request-ID").orElse(null));
    }

    @Test
    void chunkedBodyIsVerifiedOverItsRawBytes() throws Exception {
        byte[] body = "{\"name\" :\t\"chunked\",\r\n \"count\": 7}".getBytes(StandardCharsets.UTF_8);
        java.net.http.HttpResponse<String> response = postChunked(body, aisp.signer().sign("POST", THINGS, Map.of(), body));
        assertEquals(201, response.statusCode(), response.body());
        org.hamcrest.MatcherAssert.assertThat(response.body(), containsString("\"name\":\"chunked\""));
    }

    @Test
    void aSignedBodyWithoutContentTypeIsCheckedAgainstItsDigestAndThenRefusedForTheContentType() throws Exception {
        String raw = THINGS + "/raw";
        byte[] body = "{\"name\":\"typeless\"}".getBytes(StandardCharsets.UTF_8);
        java.net.http.HttpRequest.Builder request = java.net.http.HttpRequest.newBuilder(base.resolve(raw))
                .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(body));
        aisp.signer().sign("POST", raw, Map.of(), body).forEach(request::header);
        java.net.http.HttpResponse<String> response = java.net.http.HttpClient.newHttpClient()
                .send(request.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(400, response.statusCode(), response.body());
        org.hamcrest.MatcherAssert.assertThat(response.body(), containsString("\"error_text\":\"FormatError\""));

        // the same body with its Content-Type passes
        signed(aisp, "POST", raw, "{\"name\":\"typed\"}").post(raw).then().statusCode(200).body("length", equalTo(16));
    }

    /** A JSON POST to THINGS whose body has no Content-Length (sent in chunks), as REST Assured cannot send one. */
    private java.net.http.HttpResponse<String> postChunked(byte[] body, Map<String, String> headers) throws Exception {
        java.net.http.HttpRequest.Builder request = java.net.http.HttpRequest.newBuilder(base.resolve(THINGS))
                .header("Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body)));
        headers.forEach(request::header);
        return java.net.http.HttpClient.newHttpClient().send(request.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void tooLargeBodyIsRefusedWithTheStandardBody() {
        byte[] big = new byte[1024 * 1024 + 10];
        java.util.Arrays.fill(big, (byte) ' ');
        big[0] = '{';
        big[big.length - 1] = '}';
        Map<String, String> headers = aisp.signer().sign("POST", THINGS, Map.of(), big);
        ValidatableResponse response = given().headers(headers).contentType("application/json").body(big).post(THINGS).then();
        response.statusCode(413).body("error_text", equalTo("FormatError")).header("X-Request-ID", headers.get("X-Request-ID"));
    }
}
