package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.util.List;

/**
 * The longest value of every text a TPP sends that is stored in a bounded column of the migrations ({@code db/migration}): the one
 * place these limits live ({@code TextLimitsTest} compares them with the columns of the migrated database). Values
 * are checked before anything is stored, so an over-long value is refused with the endpoint's class for a bad field
 * value and never fails an INSERT (which would be a 500, or worse, be taken for a concurrent registration).
 *
 * <p>Lengths are counted in characters (Unicode code points), as PostgreSQL counts {@code varchar(n)} in a UTF8
 * database (every database of bin/db-setup is UTF8): a character outside the BMP is one character there although it is
 * two Java {@code char}s, so counting {@code String.length()} would refuse values that fit, and counting code points
 * lets nothing through that does not fit.
 *
 * <p>{@code certificate.type} is stored as {@code qseal} only, but its limit is checked like the others. Not listed:
 * the open-banking grant types, response types, scopes, auth method and algorithms (values of fixed sets, joined
 * without duplicates they fit their columns), the certificate facts the trusted CA wrote (serial, issuer, roles), and
 * what is stored as {@code text} (redirect URIs, software statement, PEM).
 */
public enum TextLimits {

    COMPANY_NAME(Max.COMPANY_NAME, "tpp.company_name"),
    COMPANY_EMAIL(EmailAddresses.MAX_LENGTH, "tpp.company_email"),
    COMPANY_ADDRESS(Max.COMPANY_ADDRESS, "tpp.company_address"),
    COMPANY_PHONE_NUMBER(Max.COMPANY_PHONE_NUMBER, "tpp.company_phone_number"),
    COMPANY_ZIP_CODE(Max.COMPANY_ZIP_CODE, "tpp.company_zip_code"),
    COMPANY_CITY(Max.COMPANY_CITY, "tpp.company_city"),
    REPRESENTATIVE_NAME(Max.REPRESENTATIVE_NAME, "tpp.representative_name"),
    REPRESENTATIVE_EMAIL(EmailAddresses.MAX_LENGTH, "tpp.representative_email"),
    CERTIFICATE_NAME(Max.CERTIFICATE_NAME, "tpp_certificate.name"),
    CERTIFICATE_TYPE(Max.CERTIFICATE_TYPE, "tpp_certificate.type"),
    /** The SSA's {@code software_id}. */
    SOFTWARE_ID(255, "oauth_client.software_id"),
    /** The SSA's {@code software_client_name}. */
    CLIENT_NAME(255, "oauth_client.client_name"),
    /** The organisation: the SSA's {@code org_id} (or the x5c certificate's organizationIdentifier). */
    ORGANISATION_ID(140, "oauth_client.tpp_id", "tpp.id", "tpp_certificate.tpp_id"),
    /** The SSA's {@code org_contacts} e-mail; only a valid address (at most this long) is taken. */
    CONTACT_EMAIL(EmailAddresses.MAX_LENGTH, "oauth_client.contact_email"),
    /** A client assertion's {@code jti} (kept until the assertion's exp, so that it is accepted once). */
    ASSERTION_JTI(255, "used_client_assertion.jti");

    /** The limits as constants, so that the OpenAPI annotations of the request bodies can state the same numbers. */
    public interface Max {
        int COMPANY_NAME = 255;
        int COMPANY_ADDRESS = 500;
        int COMPANY_PHONE_NUMBER = 50;
        int COMPANY_ZIP_CODE = 20;
        int COMPANY_CITY = 100;
        int REPRESENTATIVE_NAME = 255;
        int CERTIFICATE_NAME = 255;
        int CERTIFICATE_TYPE = 20;
    }

    /** The most characters a value may have. */
    public final int maxLength;
    /** The {@code table.column}s that store the value; each is {@code varchar(maxLength)}. */
    public final List<String> columns;

    TextLimits(int maxLength, String... columns) {
        this.maxLength = maxLength;
        this.columns = List.of(columns);
    }

    /**
     * The value (null passes), or {@code badValue} naming the field and the limit when it has more characters than the
     * column holds.
     */
    public String check(ErrorClass badValue, String field, String value) {
        if (value != null) {
            int length = value.codePointCount(0, value.length());
            if (length > maxLength) {
                throw new Psd2Exception(badValue, field + " must be at most " + maxLength + " characters; it has " + length);
            }
        }
        return value;
    }
}
