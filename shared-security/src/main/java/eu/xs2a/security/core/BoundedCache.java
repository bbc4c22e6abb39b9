package eu.xs2a.security.core;

import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A concurrent map that never holds more than {@code capacity} entries: when full, an arbitrary entry is
 * dropped. Lookups stay lock-free; certificates are few and a dropped one is simply parsed again.
 */
public final class BoundedCache<K, V> {

    private final ConcurrentHashMap<K, V> map = new ConcurrentHashMap<>();
    private final int capacity;

    public BoundedCache(int capacity) {
        this.capacity = Math.max(1, capacity);
    }

    public V get(K key) {
        return map.get(key);
    }

    public void put(K key, V value) {
        while (map.size() >= capacity) {
            Iterator<K> it = map.keySet().iterator();
            if (!it.hasNext()) {
                break;
            }
            map.remove(it.next());
        }
        map.put(key, value);
    }

    public int size() {
        return map.size();
    }
}
