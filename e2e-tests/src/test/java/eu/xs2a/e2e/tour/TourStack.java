package eu.xs2a.e2e.tour;

import eu.xs2a.e2e.journeys.PsuBrowser;
import eu.xs2a.e2e.support.Stack;
import java.util.Map;

/**
 * The quick tour's stack, on the databases {@code xs2a_tour_*} (bin/db-setup), and its browser: the tour runs in the
 * lane of the classes with stacks of their own ({@code Lanes.OWN_STACKS}), beside the journeys, whose stack, browser
 * and psu1's bookings it leaves alone. A newcomer's tour meets a gateway with the production settings, as bin/run
 * starts it.
 */
final class TourStack {

    private static Stack stack;
    private static PsuBrowser browser;

    private TourStack() {
    }

    static synchronized Stack get() {
        if (stack == null) {
            stack = Stack.start("xs2a_tour_", (module, bankUrl) -> Map.of());
        }
        return stack;
    }

    /** Stops the stack and the browser: the quick tour is their only user. */
    static synchronized void stop() {
        if (stack != null) {
            stack.stop();
            stack = null;
        }
        if (browser != null) {
            browser.quit();
            browser = null;
        }
    }

    static synchronized PsuBrowser browser() {
        if (browser == null) {
            browser = PsuBrowser.start();
        }
        return browser;
    }
}
