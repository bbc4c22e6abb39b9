package eu.xs2a.payment.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The multipart reader on well-formed and broken forms: the parts as sent, or a FormatError, never anything else. */
class MultipartFormTest {

    private static final String TYPE = "multipart/form-data; boundary=b0undary";
    private static final Set<String> NAMES = new LinkedHashSet<>(List.of("xml_sct", "json_standingorderType"));

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String refusal(String contentType, String body) {
        Psd2Exception e = assertThrows(Psd2Exception.class, () -> MultipartForm.parts(contentType, bytes(body), NAMES));
        assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass());
        return e.getMessage();
    }

    @Test
    void thePartsAreTheBytesSentWithOrWithoutAFileName() {
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Document>Müller</Document>";
        Map<String, byte[]> parts = MultipartForm.parts(TYPE, bytes("--b0undary\r\n"
                + "Content-Disposition: form-data; name=\"xml_sct\"; filename=\"payment.xml\"\r\n"
                + "Content-Type: application/xml\r\n\r\n" + xml + "\r\n"
                + "--b0undary\r\nContent-Disposition: form-data; name=\"json_standingorderType\"\r\n\r\n"
                + "{\"frequency\":\"Monthly\"}\r\n--b0undary--\r\n"), NAMES);
        assertArrayEquals(bytes(xml), parts.get("xml_sct"));
        assertArrayEquals(bytes("{\"frequency\":\"Monthly\"}"), parts.get("json_standingorderType"));
    }

    @Test
    void aBrokenFormIsAFormatError() {
        for (String body : List.of("", "garbage", "--b0undary\r\nContent-Disposition: form-data; name=\"xml_sct\"\r\n\r\n<a",
                "--b0undary\r\n\r\nno headers\r\n--b0undary--\r\n",
                "--b0undary\r\nContent-Disposition: attachment\r\n\r\nx\r\n--b0undary--\r\n",
                "--b0undary\r\nContent-Disposition: form-data; name=\"xml_sct\"\r\nContent-Type: multipart/mixed;"
                        + " boundary=inner\r\n\r\n--inner\r\n\r\nx\r\n--inner--\r\n--b0undary--\r\n")) {
            refusal(TYPE, body);
        }
        assertEquals("Content-Type must be multipart/form-data with a boundary (x)", assertThrows(Psd2Exception.class,
                () -> MultipartForm.requireMultipart("multipart/form-data", "(x)")).getMessage());
        for (String type : List.of("multipart/mixed; boundary=b", "multipart/*; boundary=b", "form-data", ";;")) {
            assertThrows(Psd2Exception.class, () -> MultipartForm.requireMultipart(type, "(x)"), type);
        }
    }

    @Test
    void aWrittenFormReadsBackAsItsPartsByteForByte() {
        byte[] xml = bytes("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Document>Müller\r\n--xs2a-</Document>");
        byte[] terms = bytes("{\"frequency\":\"Monthly\"}");
        MultipartForm.Written form = MultipartForm.write(List.of(
                new MultipartForm.Part("xml_sct", "application/xml", xml),
                new MultipartForm.Part("json_standingorderType", "application/json", terms)));

        String boundary = form.contentType().substring("multipart/form-data; boundary=".length());
        assertEquals("multipart/form-data; boundary=" + boundary, form.contentType());
        String text = new String(form.body(), StandardCharsets.UTF_8);
        assertEquals("--" + boundary + "\r\nContent-Disposition: form-data; name=\"xml_sct\"\r\nContent-Type: "
                + "application/xml\r\n\r\n" + new String(xml, StandardCharsets.UTF_8) + "\r\n--" + boundary
                + "\r\nContent-Disposition: form-data; name=\"json_standingorderType\"\r\nContent-Type: "
                + "application/json\r\n\r\n{\"frequency\":\"Monthly\"}\r\n--" + boundary + "--\r\n", text);
        Map<String, byte[]> parts = MultipartForm.parts(form.contentType(), form.body(), NAMES);
        assertArrayEquals(xml, parts.get("xml_sct"));
        assertArrayEquals(terms, parts.get("json_standingorderType"));
    }
}
