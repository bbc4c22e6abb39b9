package eu.xs2a.e2e.support;

/**
 * The two lanes the e2e classes run in, side by side (junit-platform.properties runs classes concurrently): a class
 * holds its lane's lock with {@code @ResourceLock}, so the classes of one lane run one at a time while the other lane
 * goes on. Alone, the suite's JVM left a third of the two cores idle: a journey mostly waits for the stack, the
 * browser and the bank. A class that holds neither lock touches no stack and runs beside anything; OutageTest stops
 * the PostgreSQL server every stack uses and runs alone ({@code @Isolated}).
 */
public final class Lanes {

    /** The classes that use the stack the tests share ({@link Stack#get()}): journeys, ingress checks, bin/tpp ob. */
    public static final String SHARED_STACK = "e2e-shared-stack";

    /**
     * The classes that start, kill or hold stacks of their own: the fault stacks, bin/run's supervisor, the quick
     * tour's stack; and the start-up checks, which each start a service that refuses to (the shared stack's
     * environment, changed): here, so that the two lanes take about as long.
     */
    public static final String OWN_STACKS = "e2e-own-stacks";

    private Lanes() {
    }
}
