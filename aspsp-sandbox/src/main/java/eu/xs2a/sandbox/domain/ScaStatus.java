package eu.xs2a.sandbox.domain;

/** Progress of a PSU's authorisation; the constant names are the wire values. */
public enum ScaStatus {
    received, psuIdentified, psuAuthenticated, scaMethodSelected, started, finalised, failed;

    public boolean isFinal() {
        return this == finalised || this == failed;
    }
}
