package eu.xs2a.sandbox.domain;

import java.util.Arrays;
import java.util.List;

/**
 * An SCA method a sandbox PSU can have (BANK-API.md "SCA through the API"): its id (the Berlin Group
 * authenticationMethodId), type, the name a TPP shows the PSU, and whether it is decoupled (the PSU approves in the
 * bank's app, no code is typed in).
 */
public record ScaMethod(String id, String type, String name, boolean decoupled) {

    public static final ScaMethod SMS = new ScaMethod("sms", "SMS_OTP", "SMS to +49 170 ***** 12", false);
    public static final ScaMethod CHIP = new ScaMethod("chip", "CHIP_OTP", "chipTAN reader", false);
    public static final ScaMethod APP = new ScaMethod("app", "PUSH_OTP", "SandboxBank app", true);
    private static final List<ScaMethod> ALL = List.of(SMS, CHIP, APP);

    /** The methods named in a PSU's sca_methods column; an unknown id is skipped. */
    static List<ScaMethod> parse(String ids) {
        if (ids == null) {
            return List.of();
        }
        return Arrays.stream(ids.split(",")).map(String::trim)
                .flatMap(id -> ALL.stream().filter(m -> m.id.equals(id))).toList();
    }
}
