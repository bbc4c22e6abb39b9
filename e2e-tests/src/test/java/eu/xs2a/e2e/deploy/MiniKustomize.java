package eu.xs2a.e2e.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * A small stand-in for Kustomize, used only where kubectl is not installed: it follows kustomization.yaml files
 * (resources, namespace, labels, configMapGenerator, images, replicas, patches as strategic-merge files or JSON 6902
 * operations, with kind/labelSelector targets) and fails on any other field, so the overlays cannot silently grow
 * features these checks would ignore. Generated ConfigMaps keep their plain names (no hash suffix).
 */
final class MiniKustomize {

    private static final Set<String> SUPPORTED = Set.of("apiVersion", "kind", "resources", "namespace", "labels",
            "configMapGenerator", "images", "replicas", "patches");
    /** Strategic-merge keys of the lists used in these manifests; any other list is replaced by the patch's. */
    private static final Map<String, String> MERGE_KEYS = Map.of("containers", "name", "initContainers", "name",
            "volumes", "name", "env", "name", "volumeMounts", "mountPath", "ports", "containerPort");
    private static final Set<String> VOLUME_SOURCES = Set.of("projected", "secret", "configMap", "emptyDir",
            "persistentVolumeClaim");

    private MiniKustomize() {
    }

    static List<Map<String, Object>> render(Path dir) {
        Map<String, Object> k = load(dir.resolve("kustomization.yaml"));
        for (String key : k.keySet()) {
            if (!SUPPORTED.contains(key)) {
                throw new AssertionError(dir + "/kustomization.yaml uses '" + key + "', which MiniKustomize does not "
                        + "implement: install kubectl, or extend MiniKustomize");
            }
        }
        List<Map<String, Object>> docs = new ArrayList<>();
        for (Object r : listOf(k.get("resources"))) {
            Path p = dir.resolve((String) r).normalize();
            if (Files.isDirectory(p)) {
                docs.addAll(render(p));
            } else {
                docs.addAll(Manifests.parseAll(read(p)));
            }
        }
        for (Object g : listOf(k.get("configMapGenerator"))) {
            docs.add(configMap(dir, asMap(g)));
        }
        for (Object patch : listOf(k.get("patches"))) {
            applyPatch(dir, asMap(patch), docs);
        }
        if (k.get("namespace") != null) {
            for (Map<String, Object> d : docs) {
                if (!"Namespace".equals(d.get("kind"))) {
                    Manifests.map(d, "metadata").put("namespace", k.get("namespace"));
                }
            }
        }
        for (Object l : listOf(k.get("labels"))) {
            Map<String, Object> labels = asMap(l);
            Map<String, Object> pairs = asMap(labels.get("pairs"));
            boolean templates = Boolean.TRUE.equals(labels.get("includeTemplates"));
            for (Map<String, Object> d : docs) {
                child(Manifests.map(d, "metadata"), "labels").putAll(pairs);
                Map<String, Object> template = Manifests.at(d, "spec", "template");
                if (templates && template != null) {
                    child(child(template, "metadata"), "labels").putAll(pairs);
                }
            }
        }
        for (Object i : listOf(k.get("images"))) {
            Map<String, Object> image = asMap(i);
            for (Map<String, Object> d : docs) {
                for (Map<String, Object> c : Manifests.list(Manifests.at(d, "spec", "template", "spec"), "containers")) {
                    if (image.get("name").equals(c.get("image"))) {
                        c.put("image", image.get("name") + ":" + image.get("newTag"));
                    }
                }
            }
        }
        for (Object r : listOf(k.get("replicas"))) {
            Map<String, Object> replicas = asMap(r);
            docs.stream().filter(d -> "Deployment".equals(d.get("kind")) && replicas.get("name").equals(Manifests.name(d)))
                    .forEach(d -> Manifests.map(d, "spec").put("replicas", replicas.get("count")));
        }
        return docs;
    }

    private static Map<String, Object> configMap(Path dir, Map<String, Object> generator) {
        Map<String, Object> data = new LinkedHashMap<>();
        for (Object literal : listOf(generator.get("literals"))) {
            String s = (String) literal;
            data.put(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
        }
        for (Object file : listOf(generator.get("files"))) {
            String f = (String) file;
            String key = f.contains("=") ? f.substring(0, f.indexOf('=')) : Path.of(f).getFileName().toString();
            data.put(key, read(dir.resolve(f.contains("=") ? f.substring(f.indexOf('=') + 1) : f)));
        }
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("name", generator.get("name"));
        Map<String, Object> cm = new LinkedHashMap<>();
        cm.put("apiVersion", "v1");
        cm.put("kind", "ConfigMap");
        cm.put("metadata", metadata);
        cm.put("data", data);
        return cm;
    }

    @SuppressWarnings("unchecked")
    private static void applyPatch(Path dir, Map<String, Object> patch, List<Map<String, Object>> docs) {
        String text = read(dir.resolve((String) patch.get("path")));
        Object parsed = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        Map<String, Object> target = asMap(patch.get("target"));
        if (target == null) {
            Map<String, Object> p = (Map<String, Object>) parsed;
            target = Map.of("kind", p.get("kind"), "name", Manifests.name(p));
        }
        int hits = 0;
        for (Map<String, Object> d : docs) {
            if (!targets(target, d)) {
                continue;
            }
            hits++;
            if (parsed instanceof List<?> ops) {
                for (Object op : ops) {
                    json6902(d, asMap(op));
                }
            } else {
                Map<String, Object> p = new LinkedHashMap<>((Map<String, Object>) parsed);
                p.remove("metadata");
                merge(d, p);
            }
        }
        if (hits == 0) {
            throw new AssertionError(dir + ": patch " + patch.get("path") + " matches no resource");
        }
    }

    private static boolean targets(Map<String, Object> target, Map<String, Object> doc) {
        if (target.get("kind") != null && !target.get("kind").equals(doc.get("kind"))) {
            return false;
        }
        if (target.get("name") != null && !target.get("name").equals(Manifests.name(doc))) {
            return false;
        }
        String selector = (String) target.get("labelSelector");
        if (selector != null) {
            Map<String, Object> labels = Manifests.map(Manifests.map(doc, "metadata"), "labels");
            for (String term : selector.split(",")) {
                String[] kv = term.split("=", 2);
                if (labels == null || !kv[1].equals(labels.get(kv[0]))) {
                    return false;
                }
            }
        }
        return true;
    }

    @SuppressWarnings("unchecked")
    private static void merge(Map<String, Object> into, Map<String, Object> patch) {
        for (Map.Entry<String, Object> e : patch.entrySet()) {
            Object current = into.get(e.getKey());
            Object value = e.getValue();
            if (current instanceof Map && value instanceof Map) {
                merge((Map<String, Object>) current, (Map<String, Object>) value);
            } else if (current instanceof List && value instanceof List && MERGE_KEYS.containsKey(e.getKey())) {
                String key = MERGE_KEYS.get(e.getKey());
                List<Object> merged = new ArrayList<>((List<Object>) current);
                for (Object item : (List<Object>) value) {
                    Map<String, Object> patchItem = (Map<String, Object>) item;
                    Map<String, Object> existing = merged.stream().map(o -> (Map<String, Object>) o)
                            .filter(o -> patchItem.get(key).equals(o.get(key))).findFirst().orElse(null);
                    if (existing == null) {
                        merged.add(patchItem);
                    } else {
                        // a volume has one source: a patch that names a source replaces the existing one
                        if (patchItem.keySet().stream().anyMatch(VOLUME_SOURCES::contains)) {
                            existing.keySet().removeIf(VOLUME_SOURCES::contains);
                        }
                        merge(existing, patchItem);
                    }
                }
                into.put(e.getKey(), merged);
            } else {
                into.put(e.getKey(), value);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void json6902(Map<String, Object> doc, Map<String, Object> op) {
        String[] path = ((String) op.get("path")).substring(1).split("/");
        Object node = doc;
        for (int i = 0; i < path.length - 1; i++) {
            node = node instanceof List ? ((List<Object>) node).get(Integer.parseInt(path[i])) : ((Map<String, Object>) node).get(path[i]);
        }
        String last = path[path.length - 1];
        String kind = (String) op.get("op");
        if (node instanceof List<?> l) {
            List<Object> list = (List<Object>) l;
            switch (kind) {
                case "add" -> { if ("-".equals(last)) list.add(op.get("value")); else list.add(Integer.parseInt(last), op.get("value")); }
                case "replace" -> list.set(Integer.parseInt(last), op.get("value"));
                case "remove" -> list.remove(Integer.parseInt(last));
                default -> throw new AssertionError("JSON 6902 op not implemented: " + kind);
            }
        } else {
            Map<String, Object> map = (Map<String, Object>) node;
            switch (kind) {
                case "add", "replace" -> map.put(last, op.get("value"));
                case "remove" -> map.remove(last);
                default -> throw new AssertionError("JSON 6902 op not implemented: " + kind);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> child(Map<String, Object> node, String key) {
        return (Map<String, Object>) node.computeIfAbsent(key, k -> new LinkedHashMap<>());
    }

    private static Map<String, Object> load(Path file) {
        List<Map<String, Object>> docs = Manifests.parseAll(read(file));
        if (docs.size() != 1) {
            throw new AssertionError(file + ": want one YAML document");
        }
        return docs.get(0);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object o) {
        return (Map<String, Object>) o;
    }

    private static List<?> listOf(Object o) {
        return o == null ? List.of() : (List<?>) o;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
