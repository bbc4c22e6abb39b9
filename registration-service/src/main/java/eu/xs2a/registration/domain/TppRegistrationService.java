package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.registration.persistence.TppCertificateRepository;
import eu.xs2a.registration.persistence.TppRepository;
import eu.xs2a.security.tpp.TppIdentity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Berlin Group TPP registration and certificate addition. The caller is the TPP of the signed request; its id is
 * the certificate's organizationIdentifier, so a renewed certificate of the same organisation joins the same TPP.
 */
@ApplicationScoped
public class TppRegistrationService {

    public static final String QSEAL = "qseal";

    /** The primary key of {@code tpp} (V1__init.sql): two registrations of one TPP cannot both insert it. */
    static final String TPP_PRIMARY_KEY = "tpp_pkey";

    private static final Logger LOG = Logger.getLogger(TppRegistrationService.class);

    @Inject TppRepository tpps;
    @Inject TppCertificateRepository certificates;
    @Inject CertificatesInForce inForce;
    @Inject Letters letters;
    @Inject Clock clock;
    @Inject Event<TppRecorded> recorded;

    /**
     * Registers the caller. Its certificate may be stored at the same moment by an open-banking add of the same
     * organisation: the registration then runs again and takes that certificate ({@link CertificateInserts}).
     */
    public TppRecord register(TppIdentity caller, TppRegistration registration) {
        return CertificateInserts.settled(() -> registerOnce(caller, registration));
    }

    private TppRecord registerOnce(TppIdentity caller, TppRegistration registration) {
        requireRoles(caller);
        if (tpps.findByIdOptional(caller.tppId()).isPresent()) {
            throw alreadyRegistered(caller);
        }
        Instant now = clock.instant();
        Tpp tpp = Tpp.register(caller.tppId(), registration, now);
        try {
            tpps.persistAndFlush(tpp);
        } catch (PersistenceException e) {
            if (UniqueViolations.of(e, TPP_PRIMARY_KEY)) {
                throw alreadyRegistered(caller); // a concurrent registration of the same TPP won
            }
            throw e; // anything else is not "already registered"
        }
        TppCertificate certificate = certificates.find(caller.tppId(), caller.fingerprint())
                .orElseGet(() -> {
                    // the organisation may have added this certificate through the open-banking endpoint already
                    TppCertificate c = TppCertificate.of(caller.tppId(), registration.certificateName(),
                            registration.certificateType(), CertificateFacts.of(caller), now);
                    CertificateInserts.insert(certificates, c);
                    return c;
                });
        TppRecord record = read(tpp, now);
        letters.tppRegistered(tpp, certificate, record.scopes());
        LOG.infof("TPP %s registered (Berlin Group) with certificate %s (serial %s, roles %s), scopes %s",
                tpp.id, certificate.fingerprint, certificate.serial, certificate.roles, record.scopes());
        return answered(record);
    }

    /**
     * Adds the request's certificate to the caller's registration; the same certificate again changes nothing, also
     * when both requests arrive at once ({@link CertificateInserts}).
     */
    public TppRecord addCertificate(TppIdentity caller, String name, String type) {
        return CertificateInserts.settled(() -> addCertificateOnce(caller, name, type));
    }

    private TppRecord addCertificateOnce(TppIdentity caller, String name, String type) {
        requireRoles(caller);
        Tpp tpp = tpps.findByIdOptional(caller.tppId()).orElseThrow(() -> new Psd2Exception(
                ErrorClass.REGISTRATION_STATUS_INVALID, "No TPP with organizationIdentifier " + caller.tppId()
                + " is registered: a certificate can only be added to a registered TPP of the same organisation"));
        Instant now = clock.instant();
        if (certificates.find(caller.tppId(), caller.fingerprint()).isPresent()) {
            return answered(read(tpp, now));
        }
        TppCertificate certificate = TppCertificate.of(caller.tppId(), name, type, CertificateFacts.of(caller), now);
        CertificateInserts.insert(certificates, certificate);
        tpp.touch(now);
        TppRecord record = read(tpp, now);
        letters.certificateAdded(tpp.representativeEmail, tpp.representativeName, tpp.companyName, certificate,
                record.scopes());
        LOG.infof("Certificate %s (serial %s, roles %s) added to TPP %s (Berlin Group), scopes %s",
                certificate.fingerprint, certificate.serial, certificate.roles, tpp.id, record.scopes());
        return answered(record);
    }

    /** The attempt's answer, kept with what it stored ({@link TppRecorded}). */
    private TppRecord answered(TppRecord record) {
        recorded.fire(new TppRecorded(record));
        return record;
    }

    @Transactional
    public TppRecord get(TppIdentity caller) {
        requireRoles(caller);
        Instant now = clock.instant();
        return tpps.findByIdOptional(caller.tppId()).map(tpp -> read(tpp, now)).orElseThrow(() -> new Psd2Exception(
                ErrorClass.NOT_FOUND, "No TPP with organizationIdentifier " + caller.tppId() + " is registered"));
    }

    /** The TPP of an organisation, if it registered through the Berlin Group endpoint. */
    @Transactional
    public Optional<Tpp> find(String tppId) {
        return tpps.findByIdOptional(tppId);
    }

    /**
     * The TPP with every certificate it ever registered; the scopes are recomputed from those valid at {@code now}
     * ({@link CertificatesInForce}): an expired or revoked certificate stays on the record but grants nothing.
     */
    private TppRecord read(Tpp tpp, Instant now) {
        List<CheckedCertificate> all = inForce.check(certificates.ofTpp(tpp.id), now);
        return new TppRecord(tpp, all, CertificatesInForce.scopesOf(all));
    }

    /** The Berlin Group registration endpoints accept any PSD2 role, but a certificate without one is RoleInvalid. */
    private static void requireRoles(TppIdentity caller) {
        if (caller.roles().isEmpty()) {
            throw new Psd2Exception(ErrorClass.ROLE_INVALID, "The certificate carries no PSD2 role (PSP_AS, PSP_PI, PSP_AI, PSP_IC)");
        }
    }

    private static Psd2Exception alreadyRegistered(TppIdentity caller) {
        return new Psd2Exception(ErrorClass.REGISTRATION_STATUS_INVALID, "TPP " + caller.tppId()
                + " is already registered; add certificates instead (POST /api/berlingroup/v1/tpp/certificates)");
    }
}
