/**
 * Fault tests of the whole stack (issue 48's "Done when"), on a stack of their own ({@link eu.xs2a.e2e.faults.FaultStack},
 * databases {@code xs2a_faults_*}) with a {@link eu.xs2a.e2e.faults.BankProxy} between each bank-calling service and
 * the sandbox bank.
 *
 * <ul>
 *   <li>{@link eu.xs2a.e2e.faults.CrashMidCallTest}: kill -9 in the middle of a payment submission, a consent
 *       forwarding and an account refresh, then a restart: each finished, exactly once at the bank.</li>
 *   <li>{@link eu.xs2a.e2e.faults.SlowBankTest}: a bank that answers after 30 s holds no database connection; the
 *       services and consent-service's consent lookup keep answering meanwhile.</li>
 * </ul>
 *
 * Only what a TPP, a PSU and the bank can see is asserted, never the gateway's tables or jobs. Run:
 * {@code mvn -o test -pl e2e-tests -Dtest='eu.xs2a.e2e.faults.*Test'} (after {@code mvn -o install -DskipTests}).
 */
package eu.xs2a.e2e.faults;
