package eu.xs2a.registration.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The limits agree with the columns of the database Flyway migrated (real PostgreSQL), and count characters. */
@QuarkusTest
class TextLimitsTest {

    /** varchar columns of the registration tables that hold no free text of the TPP (ids, fixed sets, certificate facts). */
    private static final Set<String> NOT_TPP_TEXT = Set.of(
            "tpp_certificate.fingerprint", "tpp_certificate.serial", "tpp_certificate.issuer", "tpp_certificate.roles",
            "tpp.status", "oauth_client.client_id", "oauth_client.client_secret_hash",
            "oauth_client.token_endpoint_auth_method", "oauth_client.token_endpoint_auth_signing_alg",
            "oauth_client.grant_types", "oauth_client.response_types", "oauth_client.scope",
            "oauth_client.application_type", "oauth_client.request_object_signing_alg",
            "used_client_assertion.client_id");

    @Inject EntityManager entityManager;

    @Test
    @Transactional
    void everyLimitIsTheSizeOfItsColumnsAndEveryTextColumnOfTheTppHasALimit() {
        Set<String> limited = new HashSet<>();
        for (TextLimits limit : TextLimits.values()) {
            for (String column : limit.columns) {
                String[] tableColumn = column.split("\\.");
                Number size = (Number) entityManager.createNativeQuery("""
                                select character_maximum_length from information_schema.columns
                                where table_schema = current_schema() and table_name = ?1 and column_name = ?2
                                  and data_type = 'character varying'""")
                        .setParameter(1, tableColumn[0]).setParameter(2, tableColumn[1]).getSingleResult();
                assertEquals(limit.maxLength, size.intValue(), limit + ": " + column);
                limited.add(column);
            }
        }
        @SuppressWarnings("unchecked")
        List<Object[]> columns = entityManager.createNativeQuery("""
                        select table_name, column_name from information_schema.columns
                        where table_schema = current_schema() and table_name in ('tpp', 'tpp_certificate', 'oauth_client', 'used_client_assertion')
                          and data_type = 'character varying'""").getResultList();
        for (Object[] row : columns) {
            String column = row[0] + "." + row[1];
            assertTrue(limited.contains(column) || NOT_TPP_TEXT.contains(column),
                    column + " is bounded: give it a TextLimits entry, or list it here as not the TPP's text");
        }
    }

    @Test
    void charactersAreCountedAsPostgresqlCountsThemAndTheMessageNamesFieldAndLimit() {
        String bank = new String(Character.toChars(0x1F3E6)); // one character, two Java chars
        assertEquals(bank.repeat(100), TextLimits.COMPANY_CITY.check(ErrorClass.WRONG_REQUIRED_FIELDS, "company.city",
                bank.repeat(100)));
        Psd2Exception e = assertThrows(Psd2Exception.class,
                () -> TextLimits.COMPANY_CITY.check(ErrorClass.WRONG_REQUIRED_FIELDS, "company.city", bank.repeat(101)));
        assertEquals(ErrorClass.WRONG_REQUIRED_FIELDS, e.errorClass());
        assertEquals("company.city must be at most 100 characters; it has 101", e.getMessage());
        assertNull(TextLimits.COMPANY_CITY.check(ErrorClass.WRONG_REQUIRED_FIELDS, "company.city", null));
    }
}
