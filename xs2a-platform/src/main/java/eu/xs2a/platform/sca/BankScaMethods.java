package eu.xs2a.platform.sca;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/** {@code GET /bank/v1/psus/{psuId}/sca-methods}: the PSU's SCA methods (none for a PSU the bank does not know). */
@RegisterForReflection
public record BankScaMethods(List<BankScaMethod> scaMethods) {
}
