package eu.xs2a.account.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;

/**
 * A row kept under one consent: the provider, the TPP and the consent's id at the gateway, the key every read of
 * the stored account data goes by (a consent id alone is only unique per provider and TPP).
 */
@MappedSuperclass
public abstract class ConsentScoped extends PanacheEntityBase {

    @Column(name = "provider_code")
    public String providerCode;

    @Column(name = "tpp_id")
    public String tppId;

    @Column(name = "consent_id")
    public String consentId;
}
