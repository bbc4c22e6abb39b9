package eu.xs2a.registration.domain;

import eu.xs2a.registration.persistence.TppCertificateRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.persistence.PersistenceException;
import java.util.function.Supplier;

/**
 * Storing a certificate from a request (Berlin Group registration and certificate add, open-banking certificate add)
 * when another request stores the same one at the same moment. Both find it absent and insert it; the unique key
 * {@code tpp_certificate_unique} (V1__init.sql) lets the first commit and refuses the other. The loser must get what a
 * sequential duplicate gets, but its transaction cannot go on: PostgreSQL has aborted it and Hibernate's session is
 * spent. So the whole request runs once more in a new transaction. PostgreSQL reports the violation only once the
 * winner has committed, so that attempt finds the certificate and takes the code's own "already there" path, which
 * makes its answer exactly the sequential one. Certificates are never deleted, so the second attempt cannot lose again.
 */
final class CertificateInserts {

    /** The unique key of {@code tpp_certificate} (V1__init.sql): one row per certificate and organisation. */
    static final String CERTIFICATE_UNIQUE = "tpp_certificate_unique";

    private CertificateInserts() {
    }

    /**
     * Runs {@code attempt} in a transaction of its own, and once more in a new one if its certificate insert lost the
     * race. Always a new transaction: a retry needs the lost attempt's transaction to be over, not joined.
     */
    static <T> T settled(Supplier<T> attempt) {
        try {
            return QuarkusTransaction.requiringNew().call(attempt::get);
        } catch (RaceLost lost) {
            // rolled back; the winner's row is committed and visible to a new transaction
            return QuarkusTransaction.requiringNew().call(attempt::get);
        }
    }

    /**
     * Inserts the certificate and flushes at once, so that a lost race surfaces here, where it is recognised, rather
     * than at the next query's automatic flush or at commit, outside the attempt.
     */
    static void insert(TppCertificateRepository certificates, TppCertificate certificate) {
        try {
            certificates.persistAndFlush(certificate);
        } catch (PersistenceException e) {
            if (UniqueViolations.of(e, CERTIFICATE_UNIQUE)) {
                throw new RaceLost(e);
            }
            throw e; // anything else is not a concurrent duplicate
        }
    }

    /** A concurrent request stored the same certificate first: ends the attempt (rolled back) for {@link #settled}. */
    static final class RaceLost extends RuntimeException {

        RaceLost(PersistenceException cause) {
            super("A concurrent request stored the same certificate first (" + CERTIFICATE_UNIQUE + ")", cause);
        }
    }
}
