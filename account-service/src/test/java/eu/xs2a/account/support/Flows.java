package eu.xs2a.account.support;

/** Consent flows against the running neighbours, shared by the full-stack test classes. */
public final class Flows {

    private static ConsentFlows flows;

    private Flows() {
    }

    public static synchronized ConsentFlows get() {
        if (flows == null) {
            flows = new ConsentFlows(Neighbours.get());
        }
        return flows;
    }
}
