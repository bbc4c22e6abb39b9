-- Embedded and decoupled SCA through the bank API (BANK-API.md "SCA through the API"), besides the SCA pages.
-- A PSU's SCA methods, by id, comma-separated: sms (SMS_OTP), chip (CHIP_OTP), app (PUSH_OTP, decoupled: the
-- sandbox's app approves sandbox.decoupled-delay after the push). Every PSU so far has sms; psu1 sms and chip, so a
-- TPP must select one (SeedData writes the same for a bank seeded after this version).
alter table psu add column sca_methods varchar(100) not null default 'sms';
update psu set sca_methods = 'sms,chip' where id = 'psu1';

-- The method chosen through the API, and when the push to the PSU's app went out (decoupled only).
alter table sca_link add column chosen_method varchar(20);
alter table sca_link add column decoupled_at timestamptz;
create index sca_link_decoupled on sca_link (decoupled_at) where decoupled_at is not null and state = 'APPROVED';

-- The PSUs of the approaches (README "Sandbox PSUs"), password "sandbox" (the hash of V8: PBKDF2-SHA256, a fixed
-- salt), each with one account, balances and a short history, as psu-slow-data.
insert into psu (id, password_hash, full_name, behaviour, sca_methods)
values ('psu-embedded', 'pbkdf2-sha256$60000$rgictHiJ7juc6QFP1qSdnQ$wYaOjQ+BJzm9gsBj3JoC4O5Dk7cF+Xm0QjigOH3OzfM',
        'Emil Eingebettet', 'NORMAL', 'sms'),
       ('psu-decoupled', 'pbkdf2-sha256$60000$rgictHiJ7juc6QFP1qSdnQ$wYaOjQ+BJzm9gsBj3JoC4O5Dk7cF+Xm0QjigOH3OzfM',
        'Dora Entkoppelt', 'NORMAL', 'app'),
       ('psu-decoupled-deny', 'pbkdf2-sha256$60000$rgictHiJ7juc6QFP1qSdnQ$wYaOjQ+BJzm9gsBj3JoC4O5Dk7cF+Xm0QjigOH3OzfM',
        'Nina Nein', 'APP_DENIES', 'app');

insert into account (id, psu_id, iban, bban, bic, currency, name, product, cash_account_type, status, owner_name,
                     usage, corporate_id, position)
values ('psu-embedded-main', 'psu-embedded', 'DE66100200300800000011', '100200300800000011', 'SBOXDEBBXXX', 'EUR',
        'Girokonto', 'Girokonto', 'CACC', 'enabled', 'Emil Eingebettet', 'PRIV', null, 1),
       ('psu-decoupled-main', 'psu-decoupled', 'DE65100200300800000029', '100200300800000029', 'SBOXDEBBXXX', 'EUR',
        'Girokonto', 'Girokonto', 'CACC', 'enabled', 'Dora Entkoppelt', 'PRIV', null, 1),
       ('psu-decoupled-deny-main', 'psu-decoupled-deny', 'DE43100200300800000037', '100200300800000037', 'SBOXDEBBXXX',
        'EUR', 'Girokonto', 'Girokonto', 'CACC', 'enabled', 'Nina Nein', 'PRIV', null, 1);

insert into bank_transaction (transaction_id, account_id, entry_reference, end_to_end_id, booking_status,
                              booking_date, value_date, amount, currency, creditor_name, creditor_iban, debtor_name,
                              debtor_iban, remittance, bank_transaction_code)
values ('SBX-EM-0000001', 'psu-embedded-main', 'EREM00000001', 'E2E-SBX-EM-0000001', 'booked',
        current_date - 20, current_date - 20, 2100.00, 'EUR', 'Emil Eingebettet', 'DE66100200300800000011',
        'Sandbox Arbeitgeber AG', 'DE71200300400007000090', 'Gehalt / Salary', 'PMNT-RCDT-ESCT'),
       ('SBX-DC-0000001', 'psu-decoupled-main', 'ERDC00000001', 'E2E-SBX-DC-0000001', 'booked',
        current_date - 20, current_date - 20, 1900.00, 'EUR', 'Dora Entkoppelt', 'DE65100200300800000029',
        'Sandbox Arbeitgeber AG', 'DE71200300400007000090', 'Gehalt / Salary', 'PMNT-RCDT-ESCT'),
       ('SBX-DD-0000001', 'psu-decoupled-deny-main', 'ERDD00000001', 'E2E-SBX-DD-0000001', 'booked',
        current_date - 20, current_date - 20, 1700.00, 'EUR', 'Nina Nein', 'DE43100200300800000037',
        'Sandbox Arbeitgeber AG', 'DE71200300400007000090', 'Gehalt / Salary', 'PMNT-RCDT-ESCT');

insert into balance (account_id, balance_type, amount, reference_date, last_change)
values ('psu-embedded-main', 'closingBooked', 2100.00, current_date - 1, now()),
       ('psu-embedded-main', 'interimAvailable', 2100.00, current_date, now()),
       ('psu-embedded-main', 'expected', 2100.00, current_date, now()),
       ('psu-decoupled-main', 'closingBooked', 1900.00, current_date - 1, now()),
       ('psu-decoupled-main', 'interimAvailable', 1900.00, current_date, now()),
       ('psu-decoupled-main', 'expected', 1900.00, current_date, now()),
       ('psu-decoupled-deny-main', 'closingBooked', 1700.00, current_date - 1, now()),
       ('psu-decoupled-deny-main', 'interimAvailable', 1700.00, current_date, now()),
       ('psu-decoupled-deny-main', 'expected', 1700.00, current_date, now());
