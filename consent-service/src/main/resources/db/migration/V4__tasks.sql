-- The durable task runtime of xs2a-platform (package eu.xs2a.platform.task; xs2a-platform/README.md "Task
-- runtime"). Every service that runs tasks has this same text as a migration of its own; TaskMigrationCopiesTest
-- compares the copies with this one.
create table task (
    id              bigint generated always as identity primary key,
    type            varchar(64)   not null,              -- the handler's type, e.g. consent-forward
    subject         varchar(200)  not null,              -- the aggregate it works on, e.g. a consent id
    payload         text,                                -- small text for the handler
    target          varchar(64),                         -- what the handler calls (a provider code), or null
    state           varchar(10)   not null check (state in ('queued', 'running', 'done', 'given_up')),
    attempts        integer       not null default 0,    -- finished attempts
    next_attempt_at timestamptz   not null,              -- a queued task is due from then on
    lease_until     timestamptz,                         -- a running task's worker owns it until then
    lease_token     uuid,                                -- fences the outcome: only the current owner's is recorded
    created_at      timestamptz   not null,              -- the give-up age counts from here
    updated_at      timestamptz   not null,
    last_error      varchar(1000),
    given_up_reason varchar(1000),
    constraint task_lease check ((state = 'running') = (lease_token is not null and lease_until is not null))
);
-- one pending task per type and subject: enqueueing it again meanwhile is a no-op
create unique index task_pending on task (type, subject) where state in ('queued', 'running');
create index task_due on task (next_attempt_at) where state = 'queued';
create index task_leased on task (lease_until) where state = 'running';
create index task_done on task (updated_at) where state = 'done';
create index task_given_up on task (type, updated_at) where state = 'given_up';
