package eu.xs2a.registration.persistence;

import eu.xs2a.registration.domain.OAuthClient;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class OAuthClientRepository implements PanacheRepositoryBase<OAuthClient, String> {

    public boolean softwareRegistered(String softwareId) {
        return count("softwareId", softwareId) > 0;
    }
}
