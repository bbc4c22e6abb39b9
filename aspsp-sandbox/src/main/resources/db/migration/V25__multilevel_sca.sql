-- Multilevel SCA (BANK-API.md "Multilevel SCA"): an account may need more than one signature for its payments and
-- the consents on it. Its signatories (besides the owner in account.psu_id) may each authorise; a consent or a
-- payment is authorised once signatures_required of them have signed, and partially authorised before.
alter table account add column signatures_required int not null default 1;

create table account_signatory (
    account_id varchar(40) not null references account (id),
    psu_id     varchar(50) not null references psu (id),
    primary key (account_id, psu_id)
);
create index account_signatory_psu on account_signatory (psu_id);

-- Who has signed a consent or a payment so far, comma-separated PSU ids, in the order they signed.
alter table consent add column signed_by varchar(200);
alter table payment add column signed_by varchar(200);

-- partiallyAuthorised is a consent status the gateway follows too (payments: every change is told already, PATC too).
create or replace function bank_event_of_consent() returns trigger language plpgsql as $$
begin
    if new.status in ('partiallyAuthorised', 'valid', 'rejected', 'revokedByPsu', 'expired', 'terminatedByBank') then
        insert into bank_event (resource, resource_id, status, occurred_at)
        values ('consent', new.id, new.status, new.status_changed_at);
    end if;
    return null;
end $$;

-- psu-corp-a and psu-corp-b (README "Sandbox PSUs"), password "sandbox" (the hash of V8), one embedded method (sms),
-- both signatories of one corporate account that needs both signatures, the only account of each.
insert into psu (id, password_hash, full_name, behaviour, sca_methods)
values ('psu-corp-a', 'pbkdf2-sha256$60000$rgictHiJ7juc6QFP1qSdnQ$wYaOjQ+BJzm9gsBj3JoC4O5Dk7cF+Xm0QjigOH3OzfM',
        'Anna Prokura', 'NORMAL', 'sms'),
       ('psu-corp-b', 'pbkdf2-sha256$60000$rgictHiJ7juc6QFP1qSdnQ$wYaOjQ+BJzm9gsBj3JoC4O5Dk7cF+Xm0QjigOH3OzfM',
        'Bernd Prokura', 'NORMAL', 'sms');

insert into account (id, psu_id, iban, bban, bic, currency, name, product, cash_account_type, status, owner_name,
                     usage, corporate_id, position, signatures_required)
values ('corp-main', 'psu-corp-a', 'DE02100200300900000015', '100200300900000015', 'SBOXDEBBXXX', 'EUR',
        'Geschäftskonto', 'Business Konto', 'CACC', 'enabled', 'Sandbox Werkzeugbau GmbH', 'ORGA', 'SANDBOX-CORP-2', 1,
        2);

insert into account_signatory (account_id, psu_id)
values ('corp-main', 'psu-corp-a'),
       ('corp-main', 'psu-corp-b');

insert into bank_transaction (transaction_id, account_id, entry_reference, end_to_end_id, booking_status,
                              booking_date, value_date, amount, currency, creditor_name, creditor_iban, debtor_name,
                              debtor_iban, remittance, bank_transaction_code)
values ('SBX-CO-0000001', 'corp-main', 'ERCO00000001', 'E2E-SBX-CO-0000001', 'booked',
        current_date - 20, current_date - 20, 25000.00, 'EUR', 'Sandbox Werkzeugbau GmbH', 'DE02100200300900000015',
        'Nordlicht GmbH', 'DE71200300400007000090', 'Rechnung 2026-117', 'PMNT-RCDT-ESCT');

insert into balance (account_id, balance_type, amount, reference_date, last_change)
values ('corp-main', 'closingBooked', 25000.00, current_date - 1, now()),
       ('corp-main', 'interimAvailable', 25000.00, current_date, now()),
       ('corp-main', 'expected', 25000.00, current_date, now());
