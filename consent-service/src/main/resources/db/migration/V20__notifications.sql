-- Notifications to TPPs (docs/ARCHITECTURE.md "Notifications"): what the TPP asked for at the consent's creation
-- (TPP-Notification-URI, and the content that will be sent, e.g. status=SCA,PROCESS), and the outbox of
-- notifications, written in the transaction of the change they tell of and delivered in order per resource by the
-- task type notification (xs2a-platform's eu.xs2a.platform.notify).
alter table consent add column notification_uri varchar(500);
alter table consent add column notification_content varchar(40);

create table notification (
    id           bigint generated always as identity primary key,
    resource_key varchar(200)  not null,              -- orders the notifications of one resource, e.g. consent:<id>
    tpp_id       varchar(140)  not null,
    uri          varchar(500)  not null,
    body         text          not null,              -- the JSON sent, exactly
    state        varchar(10)   not null check (state in ('pending', 'sent', 'given_up')),
    attempts     integer       not null default 0,
    created_at   timestamptz   not null,              -- the change's time; the give-up age counts from here
    sent_at      timestamptz
);
create index notification_pending on notification (resource_key, id) where state = 'pending';
