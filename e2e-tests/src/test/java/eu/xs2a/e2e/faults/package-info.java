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
 *   <li>{@link eu.xs2a.e2e.faults.KilledServiceTest}: kill -9 during 10 parallel creations through nginx; a retry with
 *       the same X-Request-ID and body gets the one resource, exactly once at the bank.</li>
 *   <li>{@link eu.xs2a.e2e.faults.TwoInstancesTest}: two instances per bank-calling service on the same databases
 *       ({@link eu.xs2a.e2e.faults.FaultStack#twoInstances}, {@code xs2a_twins_*}): each job item once at the bank,
 *       frequencyPerDay exact.</li>
 * </ul>
 *
 * Only what a TPP, a PSU and the bank can see is asserted, never the gateway's tables or jobs. Run:
 * {@code mvn -o test -pl e2e-tests -Dgroups=faults} (every class here is tagged {@code faults}) (after {@code mvn -o install -DskipTests}).
 */
package eu.xs2a.e2e.faults;
