/**
 * Whole-stack journeys of a TPP and a PSU through the gateway, as bin/run starts it ({@link eu.xs2a.e2e.support.Stack}:
 * aspsp-sandbox, the four services from their built jars, the nginx ingress, empty e2e databases).
 *
 * <ul>
 *   <li>{@link eu.xs2a.e2e.journeys.Tpp}: a TPP with a sandbox QSEAL from {@code POST /api/sandbox/v1/certificates};
 *       every request signed and sent through the ingress, every Berlin Group response checked by
 *       {@link eu.xs2a.e2e.conformance.ConformanceFilter}.</li>
 *   <li>{@link eu.xs2a.e2e.journeys.PsuBrowser}: the PSU in a real headless Chromium (system chromedriver), one per
 *       JVM, on the bank's SCA pages.</li>
 *   <li>{@link eu.xs2a.e2e.journeys.TppLanding}: the TPP's redirect URI, a local HTTP server that records landings.</li>
 * </ul>
 *
 * Run: {@code mvn -o -q install -DskipTests} (the jars), then
 * {@code mvn -o test -pl e2e-tests -Dtest='eu.xs2a.e2e.journeys.*Test'}. Chromium, chromedriver, nginx and the
 * PostgreSQL of bin/db-setup must be installed (bin/test checks).
 */
package eu.xs2a.e2e.journeys;
