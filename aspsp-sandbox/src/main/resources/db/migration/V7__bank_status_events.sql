-- Bank status events (BANK-API.md "Status events"): every status change of a consent or a payment the gateway
-- must hear of is written to this outbox by the database itself, in the transaction of the change, so that no code
-- path can change a status without its event (triggers below). BankEventDelivery sends each one to the gateway and
-- marks it delivered, or retries it with backoff until sandbox.events.max-attempts, then gives it up.
create table bank_event (
    id              uuid         primary key default gen_random_uuid(), -- the event's eventId
    resource        varchar(10)  not null,                              -- consent | payment
    resource_id     varchar(64)  not null,                              -- bankConsentId | bankPaymentId
    status          varchar(20)  not null,                              -- the bank status after the change
    status_reason   varchar(4),                                         -- a payment's ISO 20022 reason, if any
    occurred_at     timestamptz  not null,
    attempts        int          not null default 0,
    next_attempt_at timestamptz  not null default now(),                -- while being sent: the claim's lease
    delivered_at    timestamptz,
    given_up_at     timestamptz,
    last_error      varchar(300)
);
create index bank_event_due on bank_event (next_attempt_at) where delivered_at is null and given_up_at is null;
create index bank_event_resource on bank_event (resource_id) where delivered_at is null and given_up_at is null;

-- A consent's statuses the gateway follows; received (its start) and terminatedByTpp (the gateway's own doing) are
-- not told. A repeat of the same status is no change.
create function bank_event_of_consent() returns trigger language plpgsql as $$
begin
    if new.status in ('valid', 'rejected', 'revokedByPsu', 'expired', 'terminatedByBank') then
        insert into bank_event (resource, resource_id, status, occurred_at)
        values ('consent', new.id, new.status, new.status_changed_at);
    end if;
    return null;
end $$;

create trigger consent_status_event after update of status on consent
    for each row when (old.status is distinct from new.status) execute function bank_event_of_consent();

-- Every change of a payment's transactionStatus (ACTC, ACSP, ACSC, RJCT, CANC): the row as committed, so the steps
-- of one transaction (RCVD → ACTC → ACSP after SCA) are one event with the status they ended in.
create function bank_event_of_payment() returns trigger language plpgsql as $$
begin
    insert into bank_event (resource, resource_id, status, status_reason, occurred_at)
    values ('payment', new.id, new.transaction_status, new.status_reason, clock_timestamp());
    return null;
end $$;

create trigger payment_status_event after update of transaction_status on payment
    for each row when (old.transaction_status is distinct from new.transaction_status)
    execute function bank_event_of_payment();

-- psu-revoked-later (README "Sandbox PSUs"): the bank revokes each consent it approves sandbox.revoked-later-delay
-- later (RevokedLaterJob). A bank seeded before this migration gets it here (SeedData seeds it in a new one, with a
-- history); password "sandbox" like every sandbox PSU.
insert into psu (id, password_hash, full_name, behaviour)
select 'psu-revoked-later', 'pbkdf2-sha256$60000$TYvOTmHkNDvbQoaORSCSWQ$pzPlWyyNkS1P/c6UIC0kHSvZLP38gRFJRE0RL56Z4iA',
       'Rita Widerruf', 'REVOKED_LATER'
 where exists (select 1 from psu where id = 'psu1')
   and not exists (select 1 from psu where id = 'psu-revoked-later');

insert into account (id, psu_id, iban, bban, bic, currency, name, product, cash_account_type, status, owner_name,
                     usage, corporate_id, position)
select 'psu-revoked-later-main', 'psu-revoked-later', 'DE37100200300600000016', '100200300600000016', 'SBOXDEBBXXX',
       'EUR', 'Girokonto', 'Girokonto', 'CACC', 'enabled', 'Rita Widerruf', 'PRIV', null, 1
 where exists (select 1 from psu where id = 'psu-revoked-later')
   and not exists (select 1 from account where id = 'psu-revoked-later-main');

insert into balance (account_id, balance_type, amount, reference_date, last_change)
select 'psu-revoked-later-main', t.balance_type, 1800.00, current_date - t.days_ago, now()
  from (values ('closingBooked', 1), ('interimAvailable', 0), ('expected', 0)) as t (balance_type, days_ago)
 where exists (select 1 from account where id = 'psu-revoked-later-main')
   and not exists (select 1 from balance where account_id = 'psu-revoked-later-main');
