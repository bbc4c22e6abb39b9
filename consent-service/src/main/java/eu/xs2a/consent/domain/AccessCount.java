package eu.xs2a.consent.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.LocalDate;
import java.util.Objects;

/**
 * Unattended accesses to one resource under a consent on one day of its provider's calendar. Mapped so that the lookup
 * can read it in the same query as the consent (a query Hibernate plans once); it is only ever written by the
 * counting statement of {@code AccessCountRepository}, never through this entity.
 */
@Entity
@Table(name = "consent_access_count")
@IdClass(AccessCount.Key.class)
public class AccessCount {

    @Id
    private String consentId;
    @Id
    @Column(name = "access_day")
    private LocalDate day;
    @Id
    private String resourceKey;
    @Column(name = "access_count", nullable = false)
    private int count;

    protected AccessCount() {
    }

    public int getCount() {
        return count;
    }

    /** The primary key (consent, day, resource). */
    public static class Key implements Serializable {
        private String consentId;
        private LocalDate day;
        private String resourceKey;

        protected Key() {
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && Objects.equals(consentId, key.consentId) && Objects.equals(day, key.day)
                    && Objects.equals(resourceKey, key.resourceKey);
        }

        @Override
        public int hashCode() {
            return Objects.hash(consentId, day, resourceKey);
        }
    }
}
