-- The account refresh runs on the task runtime (V5__tasks.sql): its task rows are the work queue, the leases and the
-- backoff, and refresh_job stays what a TPP sees of a refresh (its status). A refresh is split into steps: a task
-- lists the consent's accounts (type account-refresh, subject the job's id), then a task per account fetches its
-- balances and transactions (account-refresh-account, subject '<job id>/<account id>'); each account's outcome is
-- recorded here, once, and the last one recorded finishes the job.
create table refresh_job_account (
    id              bigserial    primary key,
    job_id          uuid         not null references refresh_job (id) on delete cascade,
    account_id      uuid         not null references bank_account (id) on delete cascade,
    bank_account_id varchar(140) not null,
    balances        boolean      not null,                -- what the consent allows of this account
    transactions    boolean      not null,
    outcome         varchar(10)  check (outcome in ('fetched', 'failed')), -- null until its step has run
    unique (job_id, account_id)
);

-- Refreshes in flight under the old worker go on as tasks, so none is lost (a half-fetched one starts over: the
-- store upserts). Their give-up age counts from now.
insert into task (type, subject, target, state, attempts, next_attempt_at, created_at, updated_at)
select 'account-refresh', id::text, provider_code, 'queued', 0, now(), now(), now()
  from refresh_job
 where status in ('processing', 'fetching');

-- The old worker's queue: its claim index and lease columns (the task table has its own)
drop index refresh_job_pickable;
alter table refresh_job drop column lease_owner, drop column lease_until, drop column attempts;
