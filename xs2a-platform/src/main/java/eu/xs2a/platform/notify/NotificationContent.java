package eu.xs2a.platform.notify;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.error.ErrorTexts;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a TPP wants to be notified of, Berlin Group 1.3.6 "TPP-Notification-Content-Preferred": {@code status=X1, ...,
 * Xn}, each X one of {@code SCA} (every change of an authorisation's scaStatus), {@code PROCESS} (every change of the
 * consentStatus or transactionStatus) and {@code LAST} (only the last, final consentStatus or transactionStatus), none
 * repeated. Without the header the gateway sends {@code SCA} and {@code PROCESS}. The same text is answered in
 * {@code ASPSP-Notification-Content} and kept with the resource.
 */
public record NotificationContent(Set<Kind> kinds) {

    public enum Kind { SCA, PROCESS, LAST }

    public static final String PREFERRED_HEADER = "TPP-Notification-Content-Preferred";
    public static final NotificationContent DEFAULT = new NotificationContent(EnumSet.of(Kind.SCA, Kind.PROCESS));
    private static final int MAX_LENGTH = 40;

    public NotificationContent {
        kinds = Set.copyOf(kinds);
    }

    /** The header's value: absent → {@link #DEFAULT}; else FormatError naming what is wrong with it. */
    public static NotificationContent parse(String header) {
        if (header == null) {
            return DEFAULT;
        }
        String value = header.strip();
        if (value.length() > MAX_LENGTH || !value.regionMatches(true, 0, "status=", 0, 7)) {
            throw invalid(header, "must have the form status=X1,...,Xn (X one of SCA, PROCESS, LAST)");
        }
        List<Kind> kinds = new ArrayList<>();
        for (String part : value.substring(7).split(",", -1)) {
            String name = part.strip().toUpperCase(Locale.ROOT);
            Kind kind;
            try {
                kind = Kind.valueOf(name);
            } catch (IllegalArgumentException e) {
                throw invalid(header, "names '" + ErrorTexts.shown(part.strip(), 20)
                        + "', which is none of SCA, PROCESS, LAST");
            }
            if (kinds.contains(kind)) {
                throw invalid(header, "names " + kind + " twice");
            }
            kinds.add(kind);
        }
        return new NotificationContent(EnumSet.copyOf(kinds));
    }

    /** The stored or answered text, e.g. {@code status=SCA,PROCESS} (in the order SCA, PROCESS, LAST). */
    public String header() {
        List<String> names = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            if (kinds.contains(kind)) {
                names.add(kind.name());
            }
        }
        return "status=" + String.join(",", names);
    }

    /** Whether a change of this kind is sent: an scaStatus, or a resource status (final or not). */
    public boolean wants(boolean scaStatus, boolean finalStatus) {
        if (scaStatus) {
            return kinds.contains(Kind.SCA);
        }
        return kinds.contains(Kind.PROCESS) || (finalStatus && kinds.contains(Kind.LAST));
    }

    private static Psd2Exception invalid(String header, String why) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, PREFERRED_HEADER + " '"
                + ErrorTexts.shown(header, MAX_LENGTH) + "' " + why);
    }
}
