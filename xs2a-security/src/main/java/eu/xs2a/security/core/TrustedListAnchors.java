package eu.xs2a.security.core;

import java.util.List;

/**
 * The trust services of the trusted lists as last loaded ({@code trust.TrustedLists}): which certificates are anchors
 * depends on each seal's issuance time, so the verifier gets the services, not a set of anchors.
 *
 * @param services   every CA/QC service of every list in force (also those not for seals: they explain refusals)
 * @param configured whether any list is configured; when it is and none was ever loaded, every seal is refused
 * @param lists      the lists in force, for messages
 */
public record TrustedListAnchors(List<ListedService> services, boolean configured, List<String> lists) {

    public static final TrustedListAnchors NONE = new TrustedListAnchors(List.of(), false, List.of());

    public TrustedListAnchors {
        services = List.copyOf(services);
        lists = List.copyOf(lists);
    }
}
