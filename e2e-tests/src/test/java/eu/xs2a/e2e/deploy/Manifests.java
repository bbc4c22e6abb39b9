package eu.xs2a.e2e.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The rendered manifests of an overlay, as {@code kubectl kustomize} (the Kustomize built into kubectl) renders them:
 * the same renderer {@code kubectl apply -k} uses, so these checks see what a cluster would get.
 */
final class Manifests {

    /** How to get kubectl: Debian 12's kubernetes-client (kubectl 1.20, Kustomize 2.0) is too old for the overlays. */
    static final String KUBECTL_MISSING = "kubectl is not installed; the deploy tests render k8s/ with `kubectl"
            + " kustomize` (kubectl 1.26 or later, whose Kustomize knows the overlays' `labels.includeTemplates`):"
            + " install it, e.g. from the Kubernetes project's apt repository (package kubectl) or as a single"
            + " binary, see https://kubernetes.io/docs/tasks/tools/";

    private final List<Map<String, Object>> documents;

    private Manifests(List<Map<String, Object>> documents) {
        this.documents = documents;
    }

    static Manifests render(String kustomizationDir) {
        if (!Repo.hasCommand("kubectl")) {
            throw new AssertionError(KUBECTL_MISSING);
        }
        Repo.Result r = Repo.run(List.of("kubectl", "kustomize", Repo.path(kustomizationDir).toString()));
        if (r.exitCode() != 0) {
            // an older kubectl's Kustomize refuses the fields it does not know
            throw new AssertionError("kubectl kustomize " + kustomizationDir + " failed (kubectl 1.26 or later is"
                    + " needed; `kubectl version --client` shows its Kustomize): " + r.stderr());
        }
        return new Manifests(parseAll(r.stdout()));
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> parseAll(String yaml) {
        List<Map<String, Object>> docs = new ArrayList<>();
        for (Object o : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(yaml)) {
            if (o == null) {
                continue;
            }
            if (!(o instanceof Map)) {
                throw new AssertionError("a YAML document that is not a mapping: " + o);
            }
            docs.add((Map<String, Object>) o);
        }
        return docs;
    }

    List<Map<String, Object>> all() {
        return documents;
    }

    List<Map<String, Object>> ofKind(String kind) {
        return documents.stream().filter(d -> kind.equals(d.get("kind"))).collect(Collectors.toList());
    }

    Optional<Map<String, Object>> find(String kind, String name) {
        return ofKind(kind).stream().filter(d -> name.equals(name(d))).findFirst();
    }

    /** A ConfigMap by its generator name (Kustomize appends a hash of its content to the name). */
    Optional<Map<String, Object>> configMap(String baseName) {
        return ofKind("ConfigMap").stream().filter(d -> stripHash(name(d)).equals(baseName)).findFirst();
    }

    static String stripHash(String name) {
        return name.replaceFirst("-[a-z0-9]{10}$", "");
    }

    static String name(Map<String, Object> doc) {
        return (String) map(doc, "metadata").get("name");
    }

    // --- small typed accessors over the parsed YAML ---------------------------------------------------------

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Map<String, Object> node, String key) {
        Object v = node == null ? null : node.get(key);
        return v instanceof Map ? (Map<String, Object>) v : null;
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(Map<String, Object> node, String key) {
        Object v = node == null ? null : node.get(key);
        return v instanceof List ? (List<Map<String, Object>>) v : List.of();
    }

    /** Follows a path of map keys: at(doc, "spec", "template", "spec"). */
    static Map<String, Object> at(Map<String, Object> node, String... keys) {
        Map<String, Object> n = node;
        for (String k : keys) {
            n = map(n, k);
        }
        return n;
    }

    static String string(Map<String, Object> node, String key) {
        Object v = node == null ? null : node.get(key);
        return v == null ? null : Objects.toString(v);
    }
}
