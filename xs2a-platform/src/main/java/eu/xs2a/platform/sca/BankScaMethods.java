package eu.xs2a.platform.sca;

import java.util.List;

/** {@code GET /bank/v1/psus/{psuId}/sca-methods}: the PSU's SCA methods (none for a PSU the bank does not know). */
public record BankScaMethods(List<BankScaMethod> scaMethods) {
}
