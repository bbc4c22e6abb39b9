package eu.xs2a.security.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.junit.jupiter.api.Test;

/** The subject's attributes and the qcStatements of certificates built here, including multi-valued RDNs. */
class QcStatementReaderTest {

    private static final TestPki PKI = TestPki.create("QcStatementReaderTest CA");

    @Test
    void aMultiValuedRdnYieldsTheValueOfTheRequestedTypeNotItsFirst() {
        X500Name subject = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.C, "DE")
                .addMultiValuedRDN(new ASN1ObjectIdentifier[] {BCStyle.O, BCStyle.ORGANIZATION_IDENTIFIER},
                        new String[] {"Example GmbH", "PSDDE-BAFIN-123456"})
                .build();
        TestTpp tpp = PKI.tppBuilder().subject(subject).roles(Role.PSP_AI).build();
        // the premise: one RDN holds both, and BouncyCastle's first of it is not the organizationIdentifier
        X500Name encoded = X500Name.getInstance(tpp.certificate().getSubjectX500Principal().getEncoded());
        RDN[] withId = encoded.getRDNs(BCStyle.ORGANIZATION_IDENTIFIER);
        assertEquals(1, withId.length);
        assertTrue(withId[0].isMultiValued());
        assertEquals(BCStyle.O, withId[0].getFirst().getType(), "DER sorts the shorter O element first");

        assertEquals(List.of("PSDDE-BAFIN-123456"), QcStatementReader.organizationIdentifiers(tpp.certificate()));
        assertEquals("Example GmbH", QcStatementReader.organizationName(tpp.certificate()));
    }

    @Test
    void everyOrganizationIdentifierIsReturnedSoThatTwoCanBeRefused() {
        X500Name subject = new X500NameBuilder(BCStyle.INSTANCE)
                .addMultiValuedRDN(new ASN1ObjectIdentifier[] {BCStyle.CN, BCStyle.ORGANIZATION_IDENTIFIER},
                        new String[] {"Two Ids", "PSDDE-BAFIN-000001"})
                .addRDN(BCStyle.ORGANIZATION_IDENTIFIER, "PSDDE-BAFIN-000002")
                .build();
        TestTpp tpp = PKI.tppBuilder().subject(subject).roles(Role.PSP_AI).build();
        assertEquals(List.of("PSDDE-BAFIN-000001", "PSDDE-BAFIN-000002"),
                QcStatementReader.organizationIdentifiers(tpp.certificate()));
        assertEquals("Two Ids", QcStatementReader.organizationName(tpp.certificate()), "no O: the CN");
    }

    @Test
    void aSubjectWithoutOAndCnHasNoName() {
        TestTpp tpp = PKI.tppBuilder().organizationIdentifier("PSDDE-BAFIN-000003").withoutNames()
                .roles(Role.PSP_AI).build();
        assertNull(QcStatementReader.organizationName(tpp.certificate()));
        assertEquals(List.of("PSDDE-BAFIN-000003"), QcStatementReader.organizationIdentifiers(tpp.certificate()));
    }

    @Test
    void theProfilesOfTestPkiReadBackAsQsealQwacAndNotQualified() {
        QcStatementReader.QcStatements qseal = QcStatementReader.qcStatements(
                PKI.tppBuilder().roles(Role.PSP_AI).build().certificate());
        assertTrue(qseal.qcCompliance());
        assertEquals(Set.of(Psd2Oids.QC_TYPE_ESEAL), qseal.qcTypes());
        assertEquals(Set.of(Role.PSP_AI), qseal.psd2().roles());

        QcStatementReader.QcStatements qwac = QcStatementReader.qcStatements(
                PKI.tppBuilder().qwac().roles(Role.PSP_PI).build().certificate());
        assertTrue(qwac.qcCompliance());
        assertEquals(Set.of(Psd2Oids.QC_TYPE_WEB), qwac.qcTypes());
        assertEquals(Set.of(Role.PSP_PI), qwac.psd2().roles());

        QcStatementReader.QcStatements plain = QcStatementReader.qcStatements(PKI.tppBuilder()
                .profile(TestPki.QcProfile.NOT_QUALIFIED).roles(Role.PSP_AI).build().certificate());
        assertFalse(plain.qcCompliance());
        assertEquals(Set.of(), plain.qcTypes());
        assertTrue(plain.psd2().present());
    }
}
