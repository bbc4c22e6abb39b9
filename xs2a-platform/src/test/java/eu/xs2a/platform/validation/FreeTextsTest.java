package eu.xs2a.platform.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.HibernateValidatorFactory;
import org.junit.jupiter.api.Test;

/** The one reader of free text, its character sets, and the constraints that use it. */
class FreeTextsTest {

    private static final HibernateValidatorFactory FACTORY = Validation.byProvider(HibernateValidator.class).configure()
            .propertyNodeNameProvider(new JsonPropertyNames()).buildValidatorFactory()
            .unwrap(HibernateValidatorFactory.class);

    private static Validator validator(TextCharset charset) {
        return FACTORY.usingContext().constraintValidatorPayload(charset).getValidator();
    }

    record Order(@FreeText String creditorName, @Characters(max = 10) String cardInformation) {
    }

    @Test
    void controlAndFormatCharactersAreRefusedWithTheirPositionCountedFromOne() {
        assertEquals("has character U+202E at position 5, which is not allowed in free text (no control or format"
                + " characters)", FreeTexts.refusal("Evil\u202Egnp.exe", TextCharset.UNICODE));
        assertEquals("has character U+001B at position 1, which is not allowed in free text (no control or format"
                + " characters)", FreeTexts.refusal("\u001B[31mred", TextCharset.UNICODE));
        assertTrue(FreeTexts.refusal("bell\u0007", TextCharset.UNICODE).contains("U+0007 at position 5"));
        assertTrue(FreeTexts.refusal("tab\there", TextCharset.UNICODE).contains("U+0009 at position 4"));
        assertTrue(FreeTexts.refusal("new\nline", TextCharset.UNICODE).contains("U+000A"));
        assertTrue(FreeTexts.refusal("zero\u200Bwidth", TextCharset.UNICODE).contains("U+200B"));
        assertTrue(FreeTexts.refusal("bom\uFEFF", TextCharset.UNICODE).contains("U+FEFF"));
        assertTrue(FreeTexts.refusal("del\u007F", TextCharset.UNICODE).contains("U+007F"));
        assertTrue(FreeTexts.refusal("c1\u0085", TextCharset.UNICODE).contains("U+0085"));
        // a lone half of a surrogate pair is no character
        assertTrue(FreeTexts.refusal("half\uD800", TextCharset.UNICODE).contains("U+D800 at position 5"));
    }

    @Test
    void positionsCountCharactersNotJavaChars() {
        // U+1F600 is two Java chars and one character
        assertTrue(FreeTexts.refusal("\uD83D\uDE00ab\u202E", TextCharset.UNICODE).contains("at position 4"));
        assertTrue(FreeTexts.refusal("\uD83D\uDE00", TextCharset.SEPA).contains("U+1F600 at position 1"));
    }

    @Test
    void everyOtherCharacterIsFreeText() {
        for (String text : new String[] {"Müller & Söhne GmbH", "Ærøskøbing", "Łódź", "東京", "Ελλάδα", "emoji \uD83D\uDE00",
                "Invoice #4711 @ 100%", "", " "}) {
            assertNull(FreeTexts.refusal(text, TextCharset.UNICODE), text);
        }
    }

    @Test
    void theSepaSetIsTheEpcBasicLatinSet() {
        assertNull(FreeTexts.refusal("abcXYZ 0189 /-?:().,'+", TextCharset.SEPA));
        assertTrue(FreeTexts.refusal("Müller", TextCharset.SEPA).startsWith("has character U+00FC at position 2,"
                + " which is not allowed in the SEPA character set"));
        for (char c : "&@#_!\"*;=<>[]{}|~$%".toCharArray()) {
            assertFalse(TextCharset.SEPA.allows(c), String.valueOf(c));
        }
        assertFalse(TextCharset.SEPA.allows('\u202E'));
        assertFalse(TextCharset.SEPA.allows('\u00B2'), "a digit outside ASCII");
    }

    @Test
    void theReaderNamesTheField() {
        Psd2Exception refused = assertThrows(Psd2Exception.class,
                () -> FreeTexts.check("creditorName", "Evil\u202Egnp", TextCharset.UNICODE));
        assertEquals(ErrorClass.FORMAT_ERROR, refused.errorClass());
        assertTrue(refused.getMessage().startsWith("creditorName has character U+202E at position 5"));
        assertEquals("Müller", FreeTexts.check("creditorName", "Müller", TextCharset.UNICODE));
    }

    @Test
    void theConstraintsUseTheReaderWithTheCharsetTheValidatorIsGiven() {
        Order umlaut = new Order("Müller", "Karte ä");
        assertTrue(validator(TextCharset.UNICODE).validate(umlaut).isEmpty());
        // without a charset: the default
        assertTrue(FACTORY.getValidator().validate(umlaut).isEmpty());
        Psd2Exception sepa = Violations.refusal(validator(TextCharset.SEPA).validate(umlaut));
        assertEquals(ErrorClass.FORMAT_ERROR, sepa.errorClass());
        assertEquals("cardInformation has character U+00E4 at position 7, which is not allowed in the SEPA character"
                + " set (a-z A-Z 0-9 / - ? : ( ) . , ' + space); creditorName has character U+00FC at position 2, which"
                + " is not allowed in the SEPA character set (a-z A-Z 0-9 / - ? : ( ) . , ' + space)", sepa.getMessage());
        Psd2Exception control = Violations.refusal(FACTORY.getValidator().validate(new Order("A\u202EB", null)));
        assertEquals("creditorName has character U+202E at position 2, which is not allowed in free text (no control"
                + " or format characters)", control.getMessage());
        // @Characters keeps its own rules first
        assertEquals("cardInformation must be 1 to 10 characters",
                Violations.refusal(FACTORY.getValidator().validate(new Order(null, "  "))).getMessage());
        assertEquals("cardInformation must be 1 to 10 characters",
                Violations.refusal(FACTORY.getValidator().validate(new Order(null, "12345678901"))).getMessage());
        assertTrue(FACTORY.getValidator().validate(new Order(null, "\uD83D\uDE00x")).isEmpty());
    }
}
