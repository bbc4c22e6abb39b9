package eu.xs2a.platform.notify;

import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskConfig;
import eu.xs2a.platform.task.TaskHandler;
import eu.xs2a.platform.task.TaskOutcome;
import java.util.List;

/**
 * The task type {@code notification}, subject a notification's id: one attempt to deliver it
 * ({@link NotificationSender}). Not a bean here, so that a service that sends no notifications polls no such task:
 * a service that does declares {@code @Singleton class NotificationTask extends NotificationDelivery}.
 */
public abstract class NotificationDelivery implements TaskHandler {

    public static final String TYPE = "notification";

    private final NotificationSender sender;

    protected NotificationDelivery(NotificationSender sender) {
        this.sender = sender;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public TaskOutcome run(Task task) {
        return sender.attempt(task);
    }

    @Override
    public List<String> settingsRefusals(TaskConfig config) {
        return sender.settingsRefusals(config);
    }
}
