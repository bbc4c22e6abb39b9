package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.registration.persistence.OAuthClientRepository;
import eu.xs2a.registration.persistence.TppCertificateRepository;
import eu.xs2a.registration.persistence.TppRepository;
import eu.xs2a.security.core.BlockedTpps;
import eu.xs2a.security.tpp.TppIdentity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Open-banking certificate addition: the client authenticates with HTTP Basic (client_id and client_secret), or a
 * private_key_jwt client with a client assertion ({@link ClientAssertions}), and adds a QSEAL of its own organisation. The same certificate again is accepted and changes nothing.
 */
@ApplicationScoped
public class ClientCertificateService {

    private static final Logger LOG = Logger.getLogger(ClientCertificateService.class);

    @Inject OAuthClientRepository clients;
    @Inject TppCertificateRepository certificates;
    @Inject TppRepository tpps;
    @Inject TrustedCertificates trust;
    @Inject CertificatesInForce inForce;
    @Inject Letters letters;
    @Inject Clock clock;
    @Inject BlockedTpps blocked;
    @Inject ClientSecrets secrets;

    /** A request's certificate as sent (already checked for required fields). */
    public record CertificateToAdd(String pem, String name, String type) {
    }

    /** The added certificate (valid: it was just validated) and the scopes of the organisation's valid certificates. */
    public record Added(OAuthClient client, TppCertificate certificate, List<String> scopes) {
    }

    /** HTTP Basic with the client's id and secret; anything else is AccessDenied (401). Returns the client_id. */
    @Transactional
    public String authenticate(String authorization) {
        return client(authorization).clientId;
    }

    /**
     * Adds the certificate to the client's organisation; the same certificate again changes nothing, also when both
     * requests arrive at once ({@link CertificateInserts}).
     */
    public Added add(String clientId, CertificateToAdd request) {
        return CertificateInserts.settled(() -> addOnce(clientId, request));
    }

    private Added addOnce(String clientId, CertificateToAdd request) {
        OAuthClient client = clients.ofSentId(clientId).orElseThrow(() -> denied("Unknown client_id"));
        blocked.requireNotBlocked(client.tppId, ErrorClass.SERVICE_BLOCKED_REGISTRATION);
        Instant now = clock.instant();
        TppIdentity identity = trust.validate(request.pem(), now, "data.certificate.pem");
        if (!identity.tppId().equals(client.tppId)) {
            throw new Psd2Exception(ErrorClass.REGISTRATION_CERTIFICATE_INVALID, "The certificate belongs to "
                    + identity.tppId() + ", not to the client's organisation " + client.tppId);
        }
        Optional<TppCertificate> existing = certificates.find(client.tppId, identity.fingerprint());
        if (existing.isPresent()) {
            return new Added(client, existing.get(), inForce.scopes(certificates.ofTpp(client.tppId), now));
        }
        TppCertificate certificate = TppCertificate.of(client.tppId, request.name(), request.type(),
                CertificateFacts.of(identity), now);
        CertificateInserts.insert(certificates, certificate);
        // the organisation's certificates valid now: an expired or revoked one adds nothing (CertificatesInForce)
        List<String> scopes = inForce.scopes(certificates.ofTpp(client.tppId), now);
        Optional<Tpp> tpp = tpps.findByIdOptional(client.tppId);
        String recipient = tpp.map(t -> t.representativeEmail).orElse(client.contactEmail);
        if (recipient != null) {
            String name = tpp.map(t -> t.representativeName).orElse("client " + client.clientId);
            // a subject may lack O and CN (the validator allows it): the organizationIdentifier always names it
            String organisation = tpp.map(t -> t.companyName)
                    .or(() -> Optional.ofNullable(identity.name()))
                    .orElse(identity.tppId());
            letters.certificateAdded(recipient, name, organisation, certificate, scopes);
        } else {
            LOG.infof("No confirmation letter for the certificate added by client %s of %s: no contact e-mail "
                    + "(software_statement org_contacts or a Berlin Group registration)", client.clientId, client.tppId);
        }
        LOG.infof("Certificate %s (serial %s, roles %s) added to %s by client %s (open banking), scopes %s",
                certificate.fingerprint, certificate.serial, certificate.roles, client.tppId, client.clientId, scopes);
        return new Added(client, certificate, scopes);
    }

    private OAuthClient client(String authorization) {
        return secrets.authenticate(authorization);
    }

    private static Psd2Exception denied(String message) {
        return new Psd2Exception(ErrorClass.CREDENTIALS_INVALID, message);
    }
}
