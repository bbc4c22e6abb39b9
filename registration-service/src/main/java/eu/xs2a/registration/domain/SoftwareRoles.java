package eu.xs2a.registration.domain;

import eu.xs2a.security.tpp.Role;
import java.util.Optional;

/** SSA {@code software_roles} names: the directory's (AISP, PISP, CBPII, ASPSP) or the ETSI ones (PSP_AI, ...). */
public final class SoftwareRoles {

    private SoftwareRoles() {
    }

    public static Optional<Role> role(String name) {
        if (name == null) {
            return Optional.empty();
        }
        return switch (name.trim().toUpperCase()) {
            case "AISP", "PSP_AI" -> Optional.of(Role.PSP_AI);
            case "PISP", "PSP_PI" -> Optional.of(Role.PSP_PI);
            case "CBPII", "PIISP", "PSP_IC" -> Optional.of(Role.PSP_IC);
            case "ASPSP", "PSP_AS" -> Optional.of(Role.PSP_AS);
            default -> Optional.empty();
        };
    }
}
