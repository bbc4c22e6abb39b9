package eu.xs2a.e2e.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** The route table k8s/routes.tsv, read the way a reader of the file understands it. */
final class Routes {

    /** One row: scope {@code provider} (path after /{provider_code}) or {@code global}. */
    record Route(String scope, String path, String service, int port) {

        /** The regex both ingresses use (nginx anchors it with ^ itself; ingress-nginx adds the ^). */
        String ingressRegex() {
            return ("provider".equals(scope) ? "/[a-z0-9-]+" : "") + path + "(/|$)";
        }

        boolean matches(String uriPath) {
            return Pattern.compile("^" + ingressRegex()).matcher(uriPath).find();
        }
    }

    private Routes() {
    }

    static List<Route> table() {
        List<Route> routes = new ArrayList<>();
        for (String line : Repo.read("k8s/routes.tsv").split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", -1);
            if (f.length != 4) {
                throw new IllegalStateException("routes.tsv: want 4 tab-separated columns: " + line);
            }
            routes.add(new Route(f[0], f[1], f[2], Integer.parseInt(f[3])));
        }
        return routes;
    }

    /** The service a request path goes to, by the table; empty when no route matches (→ 404). */
    static Optional<String> serviceFor(String uriPath) {
        return table().stream().filter(r -> r.matches(uriPath)).map(Route::service).findFirst();
    }
}
