package eu.xs2a.platform.kpi;

import eu.xs2a.platform.http.ErrorMappers;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code xs2a_tpp_requests_total{tpp, service_class, status}} on /q/metrics: the answers to each identified TPP (its
 * id as the signature filter names it, {@link ErrorMappers#CALLER}) by service class and status family (2xx, 3xx,
 * 4xx, 5xx), for the dashboards' requests and errors per TPP (k8s/monitoring). A request refused before its signature
 * named the TPP is not counted here. The labels' values are bounded: the registered TPPs, four classes, four families.
 */
@Provider
public class TppMetrics implements ContainerResponseFilter {

    private final MeterRegistry registry;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    @Inject
    TppMetrics(Instance<MeterRegistry> registry) {
        this.registry = registry.isResolvable() ? registry.get() : null;
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Object tpp = request.getProperty(ErrorMappers.CALLER);
        if (registry == null || tpp == null) {
            return;
        }
        ServiceClass serviceClass = ServiceClass.of(request.getUriInfo().getPath());
        if (serviceClass == null) {
            return;
        }
        String status = (response.getStatus() / 100) + "xx";
        counters.computeIfAbsent(tpp + " " + serviceClass + " " + status, key -> Counter.builder("xs2a.tpp.requests")
                .description("Answers to an identified TPP by service class and status family")
                .tag("tpp", tpp.toString()).tag("service_class", serviceClass.name()).tag("status", status)
                .register(registry)).increment();
    }
}
