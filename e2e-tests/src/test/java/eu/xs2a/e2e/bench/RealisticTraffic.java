package eu.xs2a.e2e.bench;

import com.fasterxml.jackson.databind.JsonNode;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import eu.xs2a.tpp.sca.SandboxPsu;
import java.io.PrintWriter;
import java.io.Writer;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The traffic a bank sizes for (bench/README.md, "The realistic workloads"): many TPPs, each an aggregator polling its
 * PSUs' consents with the PSU absent — the account list, then balances and a page of transactions of each account, in
 * one burst — beside consent creations, payment initiations with their status polls, and refused requests, in the
 * shares of {@link Share}. {@link #prepare} registers the TPPs and gets their consents approved at the sandbox bank;
 * the request lists are then signed and replayed like every workload's.
 */
final class RealisticTraffic {

    static final int TPPS = Integer.getInteger("bench.tpps", 20);
    static final int CONSENTS = Integer.getInteger("bench.consents", 2_000);
    /** Payments of each TPP made during the preparation, whose status the mix polls. */
    private static final int PAYMENTS_PER_TPP = 5;
    /** Preparation threads: the sandbox's SCA pages and the creations are the slow part. */
    private static final int PREPARATION_THREADS = 6;

    /**
     * Requests per 1,000 of the mix: Open Banking Limited counted 24 billion API calls and 351 million payments in the
     * UK in 2025 (1.5% payment initiations), with a success rate about 99.5%; each payment is polled twice, one
     * request in a hundred creates a consent (new and renewed connections), and the rest are account reads.
     */
    enum Share {
        READ(940), CONSENT_CREATION(10), PAYMENT_INITIATION(15), PAYMENT_STATUS(30), REFUSED(5);

        final int perThousand;

        Share(int perThousand) {
            this.perThousand = perThousand;
        }
    }

    /** The mix in words, for the report. */
    static String mix() {
        return String.format(Locale.ROOT, "per 1,000 requests %d account reads (aggregator bursts, PSU absent), %d consent "
                + "creations, %d payment initiations, %d payment status polls, %d refused signatures",
                Share.READ.perThousand, Share.CONSENT_CREATION.perThousand, Share.PAYMENT_INITIATION.perThousand,
                Share.PAYMENT_STATUS.perThousand, Share.REFUSED.perThousand);
    }

    record Consent(Tpp tpp, String consentId, List<String> accountIds) {
    }

    record Tpp(TestTpp identity, String debtorIban, List<String> paymentIds) {
    }

    private static final String P = "/sandbox/api/berlingroup";
    private static final String REDIRECT = "https://tpp.example/bench/cb";
    private static final String PSU_IP = "192.0.2.10";

    private final List<Tpp> tpps;
    private final List<Consent> consents;
    private final String dateFrom = LocalDate.now().minusDays(90).toString();
    private long nextBurst;

    private RealisticTraffic(List<Tpp> tpps, List<Consent> consents) {
        this.tpps = tpps;
        this.consents = consents;
    }

    /**
     * Registers {@link #TPPS} TPPs (QSEALs from the sandbox CA), gets {@link #CONSENTS} consents approved by psu1 at
     * the sandbox bank, spread evenly over them, reads each consent's accounts once (the data fetched as an
     * aggregator's first poll fetches it) and makes each TPP's payments to poll.
     */
    static RealisticTraffic prepare(String ingress, TestPki pki) throws Exception {
        long begin = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(PREPARATION_THREADS);
        try {
            List<Future<Tpp>> registered = new ArrayList<>();
            for (int t = 0; t < TPPS; t++) {
                int number = t + 1;
                registered.add(pool.submit(() -> register(ingress, pki, number)));
            }
            List<Tpp> tpps = new ArrayList<>();
            for (Future<Tpp> tpp : registered) {
                tpps.add(tpp.get());
            }
            List<Future<Consent>> approved = new ArrayList<>();
            for (int c = 0; c < CONSENTS; c++) {
                Tpp tpp = tpps.get(c % tpps.size());
                approved.add(pool.submit(() -> approvedConsent(ingress, tpp)));
            }
            List<Consent> consents = new ArrayList<>();
            for (Future<Consent> consent : approved) {
                consents.add(consent.get());
            }
            System.out.printf(Locale.ROOT, "realistic traffic: %d TPPs, %d approved consents, %d accounts read, in %d s%n",
                    tpps.size(), consents.size(), consents.stream().mapToInt(c -> c.accountIds().size()).sum(),
                    (System.nanoTime() - begin) / 1_000_000_000);
            return new RealisticTraffic(tpps, consents);
        } finally {
            pool.shutdownNow();
        }
    }

    private static Tpp register(String ingress, TestPki pki, int number) throws Exception {
        String name = String.format(Locale.ROOT, "Bench Aggregator %02d", number);
        TestTpp identity = pki.tpp(String.format(Locale.ROOT, "PSDDE-BENCH-1%05d", number), name, Role.PSP_AI,
                Role.PSP_PI);
        GatewayClient client = new GatewayClient(identity.signer());
        client.expect(200, ingress, "POST", "/api/berlingroup/v1/tpp/register", Map.of(), String.format(Locale.ROOT, """
                {"company":{"name":"%s","email":"ops@aggregator%02d.example","address":"1 Bench Street",
                 "phone_number":"+49 30 1234","zip_code":"10115","city":"Berlin"},
                 "representative":{"name":"Bea Bench","email":"bea@aggregator%02d.example"},
                 "certificate":{"name":"qseal","type":"qseal"}}""", name, number, number));
        JsonNode first = approve(ingress, client).accounts().get(0);
        String debtorIban = first.get("iban").asText();
        List<String> payments = new ArrayList<>();
        for (int p = 0; p < PAYMENTS_PER_TPP; p++) {
            payments.add(client.expect(201, ingress, "POST", P + "/v1/payments/sepa-credit-transfers",
                    Map.of("PSU-IP-Address", PSU_IP, "TPP-Redirect-URI", REDIRECT), GatewayBenchmark.paymentBody(debtorIban))
                    .get("paymentId").asText());
        }
        return new Tpp(identity, debtorIban, List.copyOf(payments));
    }

    private static Consent approvedConsent(String ingress, Tpp tpp) throws Exception {
        GatewayClient client = new GatewayClient(tpp.identity().signer());
        Approved approved = approve(ingress, client);
        List<String> accountIds = new ArrayList<>();
        approved.accounts().forEach(account -> accountIds.add(account.get("resourceId").asText()));
        return new Consent(tpp, approved.consentId(), List.copyOf(accountIds));
    }

    /** A consent approved by psu1, and its accounts as read once with the PSU present. */
    record Approved(String consentId, JsonNode accounts) {
    }

    /** An aggregator's consent ({@link #aggregatorConsentBody}), approved by psu1, its accounts read once. */
    static Approved approve(String ingress, GatewayClient client) throws Exception {
        JsonNode consent = client.expect(201, ingress, "POST", P + "/v1/consents",
                Map.of("TPP-Redirect-Preferred", "true", "TPP-Redirect-URI", REDIRECT), aggregatorConsentBody());
        String consentId = consent.get("consentId").asText();
        new SandboxPsu(Duration.ofSeconds(30), new PrintWriter(Writer.nullWriter()))
                .authorise(consent.at("/_links/scaRedirect/href").asText(),
                        new SandboxPsu.Choices("psu1", "sandbox", "123456", true, null));
        String status = client.expect(200, ingress, "GET", P + "/v1/consents/" + consentId + "/status", Map.of(), null)
                .get("consentStatus").asText();
        if (!"valid".equals(status)) {
            throw new IllegalStateException("a bench consent is " + status + " after its SCA, not valid");
        }
        JsonNode accounts = client.expect(200, ingress, "GET", P + "/v1/accounts",
                Map.of("Consent-Id", consentId, "PSU-IP-Address", PSU_IP), null);
        return new Approved(consentId, accounts.get("accounts"));
    }

    /** The next {@code count} requests of aggregator bursts, consent after consent (PSU absent: each read counts). */
    List<SignedRequestFile.Line> reads(int count) {
        List<SignedRequestFile.Line> lines = new ArrayList<>(count);
        while (lines.size() < count) {
            burst(lines);
        }
        return lines.subList(0, count);
    }

    /** The next {@code count} requests of the mix ({@link Share}), the reads as aggregator bursts. */
    List<SignedRequestFile.Line> mix(int count) {
        List<SignedRequestFile.Line> lines = new ArrayList<>(count);
        long others = 0;
        while (lines.size() < count) {
            // before each burst, the other requests that the reads so far make due, in the mix's proportions
            long due = (long) lines.size() * (1000 - Share.READ.perThousand) / 1000;
            for (; others < due; others++) {
                lines.add(other(others));
            }
            burst(lines);
        }
        return lines.subList(0, count);
    }

    /** The n-th request of the mix that is not a read: the kinds interleaved in their shares. */
    private SignedRequestFile.Line other(long n) {
        Tpp tpp = tpps.get((int) (n % tpps.size()));
        int slot = (int) (n % (1000 - Share.READ.perThousand));
        int creations = Share.CONSENT_CREATION.perThousand;
        int payments = creations + Share.PAYMENT_INITIATION.perThousand;
        int polls = payments + Share.PAYMENT_STATUS.perThousand;
        Map<String, String> pis = Map.of("PSU-IP-Address", PSU_IP, "TPP-Redirect-URI", REDIRECT);
        if (slot < creations) {
            return new SignedRequestFile.Line(tpp.identity().signer(), "POST", P + "/v1/consents",
                    Map.of("TPP-Redirect-Preferred", "true", "TPP-Redirect-URI", REDIRECT), aggregatorConsentBody(), 201,
                    false);
        }
        if (slot < payments) {
            return new SignedRequestFile.Line(tpp.identity().signer(), "POST", P + "/v1/payments/sepa-credit-transfers",
                    pis, GatewayBenchmark.paymentBody(tpp.debtorIban()), 201, false);
        }
        String payment = tpp.paymentIds().get((int) (n / tpps.size() % tpp.paymentIds().size()));
        String status = P + "/v1/payments/sepa-credit-transfers/" + payment + "/status";
        return new SignedRequestFile.Line(tpp.identity().signer(), "GET", status, Map.of(), null, slot < polls ? 200 : 401,
                slot >= polls);
    }

    /** One aggregator poll of the next consent: its accounts, then balances and transactions of each. */
    private void burst(List<SignedRequestFile.Line> lines) {
        Consent consent = consents.get((int) (nextBurst++ % consents.size()));
        Map<String, String> headers = Map.of("Consent-Id", consent.consentId());
        var signer = consent.tpp().identity().signer();
        lines.add(new SignedRequestFile.Line(signer, "GET", P + "/v1/accounts", headers, null, 200, false));
        for (String account : consent.accountIds()) {
            lines.add(new SignedRequestFile.Line(signer, "GET", P + "/v1/accounts/" + account + "/balances", headers, null,
                    200, false));
            lines.add(new SignedRequestFile.Line(signer, "GET", P + "/v1/accounts/" + account
                    + "/transactions?bookingStatus=booked&dateFrom=" + dateFrom, headers, null, 200, false));
        }
    }

    /**
     * An aggregator's consent: all accounts, recurring, without frequencyPerDay, so the provider's maximum applies —
     * which the bench raises, since it replays in minutes what a day of polling would send (bench/README.md).
     */
    private static String aggregatorConsentBody() {
        return "{\"access\":{\"allPsd2\":\"allAccounts\"},\"recurringIndicator\":true,\"validUntil\":\""
                + LocalDate.now().plusDays(89) + "\",\"combinedServiceIndicator\":false}";
    }
}
