package eu.xs2a.registration.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.json.StrictJson;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * The Berlin Group registration bodies are entity parameters, read by the mapper Quarkus provides: it follows
 * xs2a-platform's one reading policy, as the other services' own readers do ({@code "name": 5} is a FormatError,
 * not the name "5").
 */
@Singleton
public class StrictJsonBodies implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        StrictJson.applyTo(mapper);
    }
}
