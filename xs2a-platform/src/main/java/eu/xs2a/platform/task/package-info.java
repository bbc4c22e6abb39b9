/**
 * The one durable task runtime of the gateway services: a {@code task} table per service database, enqueued in the
 * business change's own transaction ({@link eu.xs2a.platform.task.TaskQueue}), run by {@link
 * eu.xs2a.platform.task.TaskHandler}s that a poller on every replica claims with a lease
 * ({@link eu.xs2a.platform.task.TaskPoller}), never holding a transaction or a connection while a handler calls the
 * other side. How to use it, its configuration and the table's canonical migration (copied by every service that runs
 * tasks, from xs2a-platform/src/test/resources/db/tasks/V1__tasks.sql): xs2a-platform/README.md "Task runtime".
 */
package eu.xs2a.platform.task;
