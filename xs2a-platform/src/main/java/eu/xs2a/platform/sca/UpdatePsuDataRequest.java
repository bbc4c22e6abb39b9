package eu.xs2a.platform.sca;

import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code PUT …/authorisations/{id}}: exactly one of Berlin Group's updatePsuAuthentication
 * ({@code psuData.password}), selectPsuAuthenticationMethod ({@code authenticationMethodId}) and
 * transactionAuthorisation ({@code scaAuthenticationData}). Other fields of psuData (encryptedPassword,
 * additionalPassword) are not offered and ignored.
 */
@Schema(name = "UpdatePsuData", description = "One of updatePsuAuthentication, selectPsuAuthenticationMethod,"
        + " transactionAuthorisation", example = "{\"psuData\": {\"password\": \"sandbox\"}}")
@RegisterForReflection
public record UpdatePsuDataRequest(PsuData psuData, String authenticationMethodId, String scaAuthenticationData) {

    /** Berlin Group psuData; only the password is read. */
    public record PsuData(String password) {

        @Override
        public String toString() {
            return "PsuData[***]";
        }
    }

    /** The step the body asks for, with the request's PSU-ID and PSU context; FormatError for none or several. */
    public PsuDataUpdate toUpdate(String psuId, PsuContext psuContext) {
        int given = (psuData != null ? 1 : 0) + (authenticationMethodId != null ? 1 : 0)
                + (scaAuthenticationData != null ? 1 : 0);
        if (given != 1) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "The body must carry exactly one of psuData.password,"
                    + " authenticationMethodId and scaAuthenticationData");
        }
        if (psuData != null) {
            return PsuDataUpdate.authentication(psuId, psuData.password(), psuContext);
        }
        if (authenticationMethodId != null) {
            if (authenticationMethodId.isBlank() || authenticationMethodId.length() > 35) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "authenticationMethodId must be 1 to 35 characters")
                        .at("authenticationMethodId");
            }
            return PsuDataUpdate.methodSelection(authenticationMethodId, psuContext);
        }
        if (scaAuthenticationData.isBlank() || scaAuthenticationData.length() > 140) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "scaAuthenticationData must be 1 to 140 characters")
                    .at("scaAuthenticationData");
        }
        return PsuDataUpdate.transactionAuthorisation(scaAuthenticationData, psuContext);
    }

    /** The body of an explicit start: nothing (null) or psuData.password alone; FormatError for anything else. */
    public String passwordOfAStart() {
        if (authenticationMethodId != null || scaAuthenticationData != null) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "An authorisation starts with no body or with"
                    + " psuData.password; authenticationMethodId and scaAuthenticationData come with PUT");
        }
        if (psuData == null) {
            return null;
        }
        if (psuData.password() == null || psuData.password().isEmpty()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "psuData.password is required").at("psuData.password");
        }
        return psuData.password();
    }

    @Override
    public String toString() {
        return "UpdatePsuDataRequest[authenticationMethodId=" + authenticationMethodId + "]";
    }
}
