package eu.xs2a.registration.domain;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import eu.xs2a.registration.persistence.OAuthClientRepository;
import eu.xs2a.registration.persistence.TppCertificateRepository;
import eu.xs2a.registration.persistence.TppRepository;
import eu.xs2a.security.tpp.Role;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.UserTransaction;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Only a unique violation of the expected constraint is taken for a concurrent registration, recognised on the
 * exceptions real PostgreSQL and Hibernate produce; any other database error is not.
 */
@QuarkusTest
class UniqueViolationsTest {

    @Inject TppRepository tpps;
    @Inject OAuthClientRepository clients;
    @Inject TppCertificateRepository certificates;
    @Inject UserTransaction transaction;

    private static TppRegistration registration(String city) {
        return new TppRegistration("Uv GmbH", "office@uv.example", null, null, null, city, "Uma", "uma@uv.example",
                "uv", "qseal");
    }

    @Test
    void aDuplicateTppIsAViolationOfItsPrimaryKeyAndAnOverLongValueIsNot() throws Exception {
        String id = "PSDDE-UV-" + UUID.randomUUID();
        transaction.begin();
        tpps.persist(Tpp.register(id, registration("Berlin"), Instant.now()));
        transaction.commit();

        PersistenceException duplicate = failedInsert(Tpp.register(id, registration("Berlin"), Instant.now()));
        assertTrue(UniqueViolations.of(duplicate, TppRegistrationService.TPP_PRIMARY_KEY), duplicate.toString());
        assertFalse(UniqueViolations.of(duplicate, ClientRegistrationService.SOFTWARE_UNIQUE));

        PersistenceException tooLong = failedInsert(Tpp.register("PSDDE-UV-" + UUID.randomUUID(),
                registration("B".repeat(101)), Instant.now()));
        assertFalse(UniqueViolations.of(tooLong, TppRegistrationService.TPP_PRIMARY_KEY), tooLong.toString());
    }

    @Test
    void aSecondClientOfOneSoftwareIsAViolationOfTheSoftwareKeyAndAnOverLongNameIsNot() throws Exception {
        String softwareId = "sw-uv-" + UUID.randomUUID();
        transaction.begin();
        clients.persist(client(softwareId, "App"));
        transaction.commit();

        PersistenceException duplicate = failedInsert(client(softwareId, "App"));
        assertTrue(UniqueViolations.of(duplicate, ClientRegistrationService.SOFTWARE_UNIQUE), duplicate.toString());
        assertFalse(UniqueViolations.of(duplicate, TppRegistrationService.TPP_PRIMARY_KEY));

        PersistenceException tooLong = failedInsert(client("sw-uv-" + UUID.randomUUID(), "n".repeat(256)));
        assertFalse(UniqueViolations.of(tooLong, ClientRegistrationService.SOFTWARE_UNIQUE), tooLong.toString());
    }

    /** The race of two adds of one certificate ({@link CertificateInserts}): its key, and not an over-long name. */
    @Test
    void theSameCertificateTwiceIsAViolationOfTheCertificateKeyAndAnOverLongNameIsNot() throws Exception {
        String tppId = "PSDDE-UV-" + UUID.randomUUID();
        String fingerprint = UUID.randomUUID().toString();
        transaction.begin();
        certificates.persist(certificate(tppId, fingerprint, "uv"));
        transaction.commit();

        PersistenceException duplicate = failedInsert(certificate(tppId, fingerprint, "uv"));
        assertTrue(UniqueViolations.of(duplicate, CertificateInserts.CERTIFICATE_UNIQUE), duplicate.toString());
        assertFalse(UniqueViolations.of(duplicate, TppRegistrationService.TPP_PRIMARY_KEY));

        PersistenceException tooLong = failedInsert(certificate(tppId, UUID.randomUUID().toString(), "n".repeat(256)));
        assertFalse(UniqueViolations.of(tooLong, CertificateInserts.CERTIFICATE_UNIQUE), tooLong.toString());
    }

    /** A certificate row as the services store it; the PEM is a placeholder, nothing here parses it. */
    private static TppCertificate certificate(String tppId, String fingerprint, String name) {
        CertificateFacts facts = new CertificateFacts(tppId, "Uv GmbH", fingerprint, "01", "CN=Uv CA",
                Instant.now(), Set.of(Role.PSP_AI), "pem");
        return TppCertificate.of(tppId, name, TppRegistrationService.QSEAL, facts, Instant.now());
    }

    private static OAuthClient client(String softwareId, String name) {
        OAuthClient c = new OAuthClient();
        c.clientId = UUID.randomUUID().toString();
        c.tppId = "PSDDE-UV";
        c.softwareId = softwareId;
        c.clientName = name;
        c.clientIdIssuedAt = Instant.now();
        c.tokenEndpointAuthMethod = "private_key_jwt";
        c.tokenEndpointAuthSigningAlg = "PS256";
        c.grantTypes = "client_credentials";
        c.responseTypes = "code";
        c.redirectUris = "https://tpp.example/cb";
        c.scope = "openid";
        c.softwareStatement = "ssa";
        return c;
    }

    /** Runs the INSERT (persist and flush) in a transaction of its own, rolled back, and returns how it failed. */
    private PersistenceException failedInsert(Runnable insert, String what) throws Exception {
        transaction.begin();
        try {
            insert.run();
            return fail("the INSERT of " + what + " should fail");
        } catch (PersistenceException e) {
            return e;
        } finally {
            transaction.rollback();
        }
    }

    private PersistenceException failedInsert(OAuthClient client) throws Exception {
        return failedInsert(() -> clients.persistAndFlush(client), "software " + client.softwareId);
    }

    private PersistenceException failedInsert(TppCertificate certificate) throws Exception {
        return failedInsert(() -> certificates.persistAndFlush(certificate), "certificate " + certificate.fingerprint);
    }

    private PersistenceException failedInsert(Tpp tpp) throws Exception {
        return failedInsert(() -> tpps.persistAndFlush(tpp), tpp.id);
    }
}
