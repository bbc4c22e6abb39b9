package eu.xs2a.platform.task;

import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Singleton;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The service's {@link TaskHandler} beans by type. A service without any (it runs no tasks, or has no task table
 * yet) polls nothing and touches no table.
 */
@Singleton
class TaskHandlers {

    private final Map<String, TaskHandler> byType;

    TaskHandlers(@Any Instance<TaskHandler> handlers) {
        Map<String, TaskHandler> found = new HashMap<>();
        for (TaskHandler handler : handlers) {
            String type = handler.type();
            if (type == null || type.isEmpty() || type.length() > 64 || type.contains(".")) {
                throw new IllegalStateException("Task type '" + type + "' of " + handler.getClass().getName()
                        + " must be 1 to 64 characters without dots");
            }
            TaskHandler other = found.put(type, handler);
            if (other != null) {
                throw new IllegalStateException("Two handlers of task type " + type + ": "
                        + other.getClass().getName() + " and " + handler.getClass().getName());
            }
        }
        byType = Map.copyOf(found);
    }

    Set<String> types() {
        return byType.keySet();
    }

    boolean isEmpty() {
        return byType.isEmpty();
    }

    TaskHandler of(String type) {
        TaskHandler handler = byType.get(type);
        if (handler == null) {
            throw new IllegalArgumentException("No handler of task type " + type);
        }
        return handler;
    }
}
