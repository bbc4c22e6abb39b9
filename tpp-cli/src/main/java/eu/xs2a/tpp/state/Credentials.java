package eu.xs2a.tpp.state;

import eu.xs2a.security.client.RequestSigner;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Locale;

/**
 * The TPP this command line acts as: the sandbox QSEAL, its private key and what the sandbox said about it.
 *
 * @param organizationIdentifier the certificate's organizationIdentifier, the gateway's TPP id
 * @param organisationName       the organisation name in the certificate
 * @param roles                  the PSD2 roles in the certificate's QCStatement
 */
public record Credentials(X509Certificate certificate, PrivateKey privateKey, String organizationIdentifier,
                          String organisationName, List<String> roles) {

    public Credentials {
        roles = List.copyOf(roles);
    }

    /** The name a registration gives the certificate unless told otherwise: sandbox-qseal-SERIAL (hex). */
    public String certificateLabel() {
        return "sandbox-qseal-" + certificate.getSerialNumber().toString(16).toUpperCase(Locale.ROOT);
    }

    /** xs2a-security's signer, for every signed request (the open-banking JWTs: {@code ob.OpenBankingJwts}). */
    public RequestSigner signer() {
        return new RequestSigner(privateKey, certificate);
    }
}
