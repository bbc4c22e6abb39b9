package eu.xs2a.registration.domain;

import jakarta.persistence.PersistenceException;
import org.hibernate.exception.ConstraintViolationException;

/**
 * Recognises the one database error a registration or certificate add expects: its INSERT refused by a given unique
 * constraint because a concurrent request for the same TPP, software or certificate committed first. Anything else (a
 * value too long, the database down, another constraint) is not such a race and must stay what it is.
 */
final class UniqueViolations {

    /** PostgreSQL's SQLState {@code unique_violation}. */
    static final String UNIQUE_VIOLATION = "23505";

    private static final int MAX_DEPTH = 20;

    private UniqueViolations() {
    }

    /** Whether {@code e} is (or wraps) a unique violation of the named constraint of V1__init.sql. */
    static boolean of(PersistenceException e, String constraint) {
        int depth = 0;
        for (Throwable t = e; t != null && depth < MAX_DEPTH; t = t.getCause(), depth++) {
            if (t instanceof ConstraintViolationException violation) {
                return UNIQUE_VIOLATION.equals(violation.getSQLState())
                        && constraint.equalsIgnoreCase(violation.getConstraintName());
            }
        }
        return false;
    }
}
