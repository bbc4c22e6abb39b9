package eu.xs2a.registration.domain;

import eu.xs2a.security.tpp.Role;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/** A QSEAL certificate of an organisation, as registered (the PEM is public data). */
@Entity
@Table(name = "tpp_certificate")
public class TppCertificate extends PanacheEntityBase {

    @Id
    public UUID id;

    public String tppId;

    /** Lowercase hex SHA-256 of the DER encoding: the same certificate is registered once per organisation. */
    public String fingerprint;

    public String name;

    public String type;

    /** Serial number in uppercase hex. */
    public String serial;

    public String issuer;

    public Instant notAfter;

    /** PSD2 roles, comma separated (PSP_AI,PSP_PI). */
    public String roles;

    public String pem;

    public Instant addedAt;

    public static TppCertificate of(String tppId, String name, String type, CertificateFacts facts, Instant now) {
        TppCertificate c = new TppCertificate();
        c.id = UUID.randomUUID();
        c.tppId = tppId;
        c.fingerprint = facts.fingerprint();
        c.name = name;
        c.type = type;
        c.serial = facts.serialHex();
        c.issuer = facts.issuer();
        c.notAfter = facts.notAfter();
        c.roles = facts.roles().stream().map(Enum::name).sorted().collect(Collectors.joining(","));
        c.pem = facts.pem();
        c.addedAt = now;
        return c;
    }

    public Set<Role> roleSet() {
        EnumSet<Role> set = EnumSet.noneOf(Role.class);
        if (roles != null && !roles.isBlank()) {
            Arrays.stream(roles.split(",")).map(String::trim).map(Role::valueOf).forEach(set::add);
        }
        return set;
    }
}
