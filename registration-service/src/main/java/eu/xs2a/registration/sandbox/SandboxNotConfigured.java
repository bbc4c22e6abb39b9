package eu.xs2a.registration.sandbox;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;

/** The sandbox self-service is switched on but its key material is not configured (503: an operator must fix it). */
class SandboxNotConfigured extends Psd2Exception {

    SandboxNotConfigured(String key) {
        super(ErrorClass.SERVICE_UNAVAILABLE, "The sandbox self-service is not configured (" + key + " is not set)");
    }
}
