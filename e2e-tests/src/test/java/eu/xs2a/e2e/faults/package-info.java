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
 *   <li>{@link eu.xs2a.e2e.faults.OutageTest}: the local PostgreSQL server stopped for real ({@link
 *       eu.xs2a.e2e.faults.LocalPostgres}): every service answers ServiceUnavailable 503 with Retry-After, readiness
 *       DOWN, liveness UP, and answers normally within 10 s of its start; the bank's process stopped: creations kept,
 *       stored data read, and each kept consent and payment at the bank exactly once after its return.</li>
 * </ul>
 *
 * Only what a TPP, a PSU and the bank can see is asserted, never the gateway's tables or jobs. Every class here is
 * tagged {@code faults}; they run in bin/test with the rest, or alone (after {@code mvn -o install -DskipTests}):
 * {@code mvn -o test -pl e2e-tests -Dgroups=faults}. OutageTest stops the machine's PostgreSQL server: never run it
 * while anything else uses that server.
 */
package eu.xs2a.e2e.faults;
