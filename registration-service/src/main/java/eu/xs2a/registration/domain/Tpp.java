package eu.xs2a.registration.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
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

    @Column(name = "company_name")
    public String companyName;
    @Column(name = "company_email")
    public String companyEmail;
    @Column(name = "company_address")
    public String companyAddress;
    @Column(name = "company_phone_number")
    public String companyPhoneNumber;
    @Column(name = "company_zip_code")
    public String companyZipCode;
    @Column(name = "company_city")
    public String companyCity;
    @Column(name = "representative_name")
    public String representativeName;
    @Column(name = "representative_email")
    public String representativeEmail;

    @Enumerated(EnumType.STRING)
    public Status status;

    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
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
