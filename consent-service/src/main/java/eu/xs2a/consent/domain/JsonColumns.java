package eu.xs2a.consent.domain;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** JSON text columns for the value objects of a consent (access, account). */
public final class JsonColumns {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private JsonColumns() {
    }

    static String write(Object value) {
        try {
            return value == null ? null : MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot store " + value.getClass().getSimpleName(), e);
        }
    }

    /** The value of a JSON column; also used by the plain-SQL reads of the persistence layer. */
    public static <T> T read(String json, Class<T> type) {
        try {
            return json == null ? null : MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Corrupt " + type.getSimpleName() + " column", e);
        }
    }

    @Converter
    public static class AccessConverter implements AttributeConverter<AccountAccess, String> {
        @Override
        public String convertToDatabaseColumn(AccountAccess attribute) {
            return write(attribute);
        }

        @Override
        public AccountAccess convertToEntityAttribute(String dbData) {
            return read(dbData, AccountAccess.class);
        }
    }

    @Converter
    public static class AccountConverter implements AttributeConverter<AccountReference, String> {
        @Override
        public String convertToDatabaseColumn(AccountReference attribute) {
            return write(attribute);
        }

        @Override
        public AccountReference convertToEntityAttribute(String dbData) {
            return read(dbData, AccountReference.class);
        }
    }
}
