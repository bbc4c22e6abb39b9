package eu.xs2a.account.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.MappedSuperclass;

/**
 * A row kept under one consent: the provider, the TPP and the consent's id at the gateway, the key every read of
 * the stored account data goes by (a consent id alone is only unique per provider and TPP).
 */
@MappedSuperclass
public abstract class ConsentScoped extends PanacheEntityBase {

    public String providerCode;

    public String tppId;

    public String consentId;
}
