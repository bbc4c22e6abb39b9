package eu.xs2a.registration.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A TPP registered through the Berlin Group endpoint; its id is its certificates' organizationIdentifier. */
@Entity
@Table(name = "tpp")
public class Tpp extends PanacheEntityBase {

    public enum Status { active }

    @Id
    public String id;

    public String companyName;
    public String companyEmail;
    public String companyAddress;
    public String companyPhoneNumber;
    public String companyZipCode;
    public String companyCity;
    public String representativeName;
    public String representativeEmail;

    @Enumerated(EnumType.STRING)
    public Status status;

    public Instant createdAt;
    public Instant updatedAt;

    public static Tpp register(String id, TppRegistration registration, Instant now) {
        Tpp tpp = new Tpp();
        tpp.id = id;
        tpp.companyName = registration.companyName();
        tpp.companyEmail = registration.companyEmail();
        tpp.companyAddress = registration.companyAddress();
        tpp.companyPhoneNumber = registration.companyPhoneNumber();
        tpp.companyZipCode = registration.companyZipCode();
        tpp.companyCity = registration.companyCity();
        tpp.representativeName = registration.representativeName();
        tpp.representativeEmail = registration.representativeEmail();
        tpp.status = Status.active;
        tpp.createdAt = now;
        tpp.updatedAt = now;
        return tpp;
    }

    public void touch(Instant now) {
        updatedAt = now;
    }
}
