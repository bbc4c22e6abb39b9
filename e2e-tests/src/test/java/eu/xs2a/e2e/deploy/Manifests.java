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
 * The rendered manifests of an overlay: {@code kubectl kustomize} when kubectl is installed (the real Kustomize),
 * otherwise {@link MiniKustomize}, which follows the same kustomization files for the features this repository uses.
 */
final class Manifests {

    private final List<Map<String, Object>> documents;
    final String renderer;

    private Manifests(List<Map<String, Object>> documents, String renderer) {
        this.documents = documents;
        this.renderer = renderer;
    }

    static boolean kubectlAvailable() {
        return Repo.hasCommand("kubectl");
    }

    static Manifests render(String kustomizationDir) {
        if (kubectlAvailable()) {
            return renderWithKubectl(kustomizationDir);
        }
        return new Manifests(MiniKustomize.render(Repo.path(kustomizationDir)), "MiniKustomize");
    }

    static Manifests renderWithKubectl(String kustomizationDir) {
        Repo.Result r = Repo.run(List.of("kubectl", "kustomize", Repo.path(kustomizationDir).toString()));
        if (r.exitCode() != 0) {
            throw new AssertionError("kubectl kustomize " + kustomizationDir + " failed: " + r.stderr());
        }
        return new Manifests(parseAll(r.stdout()), "kubectl kustomize");
    }

    static Manifests renderWithMiniKustomize(String kustomizationDir) {
        return new Manifests(MiniKustomize.render(Repo.path(kustomizationDir)), "MiniKustomize");
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

    /** A ConfigMap by its generator name, with or without Kustomize's hash suffix. */
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
