package eu.xs2a.e2e.conformance;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import eu.xs2a.e2e.support.Repository;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Berlin Group OpenAPI files as the measure of every response: 1.3.6 for {@code /v1}, the confirmation-of-funds
 * consent 2.0 extension for {@code /v2}. Read from the copies vendored in {@code docs/reference} (with their
 * licence and source), validated with Atlassian's swagger-request-validator at its strictest: every message is an error, and
 * objects accept no property the file does not name (the validator's default). Only {@link KnownDifferences} waive
 * anything.
 */
public final class BerlinGroupSpec {

    static final String CORE_FILE = "psd2-api-1.3.6-2020-08-14.yaml";
    static final String FUNDS_CONSENT_FILE = "psd2-confirmation-of-funds-consent-2.0-20190607.yaml";

    private static OpenApiInteractionValidator core;
    private static OpenApiInteractionValidator fundsConsent;
    private static OpenApiInteractionValidator interfaceAdditions;

    private BerlinGroupSpec() {
    }

    /** The folder with the reference files: {@code docs/reference} in the repository. */
    public static Path referenceDir() {
        Path dir = Repository.root().resolve("docs/reference");
        if (!Files.isRegularFile(dir.resolve(CORE_FILE))) {
            throw new IllegalStateException("The Berlin Group file is missing: " + dir.resolve(CORE_FILE));
        }
        return dir;
    }

    /**
     * The conformance violations of one exchange with a Berlin Group endpoint: empty when it conforms. Each entry
     * names the message key, the JSON pointer and the validator's text.
     */
    public static List<String> violations(Exchange exchange) {
        String specPath = KnownDifferences.checkedAs(KnownDifferences.specPath(exchange.path()));
        OpenApiInteractionValidator validator = KnownDifferences.interfaceOnly(specPath) ? interfaceAdditions()
                : specPath.startsWith("/v2/") ? fundsConsent() : core();
        SimpleResponse.Builder response = SimpleResponse.Builder.status(exchange.status());
        for (Map.Entry<String, List<String>> header : exchange.headers().entrySet()) {
            response.withHeader(header.getKey(), header.getValue());
        }
        if (!exchange.body().isEmpty()) {
            response.withBody(exchange.body());
        }
        ValidationReport report = validator.validateResponse(specPath,
                Request.Method.valueOf(exchange.method().toUpperCase(Locale.ROOT)), response.build());
        List<String> violations = new ArrayList<>();
        for (ValidationReport.Message message : report.getMessages()) {
            if (message.getLevel() == ValidationReport.Level.IGNORE || message.getLevel() == ValidationReport.Level.INFO) {
                continue;
            }
            if (KnownDifferences.waiving(message, exchange).isPresent()) {
                continue;
            }
            violations.add(describe(message));
        }
        return violations;
    }

    private static String describe(ValidationReport.Message message) {
        String pointer = message.getContext().flatMap(ValidationReport.MessageContext::getPointers)
                .map(p -> " at '" + p.getInstance() + "'").orElse("");
        StringBuilder text = new StringBuilder("[" + message.getKey() + "]" + pointer + " " + message.getMessage());
        for (ValidationReport.Message nested : message.getNestedMessages()) {
            text.append("\n      ").append(describe(nested).replace("\n", "\n      "));
        }
        return text.toString();
    }

    private static synchronized OpenApiInteractionValidator core() {
        if (core == null) {
            core = load(CORE_FILE);
        }
        return core;
    }

    private static synchronized OpenApiInteractionValidator fundsConsent() {
        if (fundsConsent == null) {
            fundsConsent = load(FUNDS_CONSENT_FILE);
        }
        return fundsConsent;
    }

    private static synchronized OpenApiInteractionValidator interfaceAdditions() {
        if (interfaceAdditions == null) {
            try {
                interfaceAdditions = load(BerlinGroupSpec.class.getResource("/interface-additions.yaml").toURI());
            } catch (java.net.URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        return interfaceAdditions;
    }

    private static OpenApiInteractionValidator load(String file) {
        return load(referenceDir().resolve(file).toUri());
    }

    private static OpenApiInteractionValidator load(URI url) {
        return OpenApiInteractionValidator.createForSpecificationUrl(url.toString())
                // KnownDifferences.PROVIDER_PREFIX: paths are matched from /v1 (/v2), without the file's server path
                .withBasePathOverride("/")
                .withLevelResolver(new LevelResolver.Builder().withDefaultLevel(ValidationReport.Level.ERROR).build())
                .build();
    }
}
