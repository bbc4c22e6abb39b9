-- psu-slow-data (behaviour SLOW_DATA): its login, SCA, consent and payment calls answer at once, but every account
-- data call (account list, balances, transactions) under its consents sleeps sandbox.slow-delay, longer than the
-- gateway's read timeout (SlowPsus), so that a consent it approved is valid and its first account read fails at the
-- gateway. Its PSU, its one account, balances and a short history are written here rather than by SeedData, so that
-- a bank seeded before this version gets it too; SeedData seeds only a bank without psu1 and leaves these rows alone.
-- Password "sandbox" like every sandbox PSU (PBKDF2-SHA256, a fixed salt: the same hash on every database).
insert into psu (id, password_hash, full_name, behaviour)
values ('psu-slow-data', 'pbkdf2-sha256$60000$rgictHiJ7juc6QFP1qSdnQ$wYaOjQ+BJzm9gsBj3JoC4O5Dk7cF+Xm0QjigOH3OzfM',
        'Lena Lahm', 'SLOW_DATA');

insert into account (id, psu_id, iban, bban, bic, currency, name, product, cash_account_type, status, owner_name,
                     usage, corporate_id, position)
values ('psu-slow-data-main', 'psu-slow-data', 'DE54100200300700000017', '100200300700000017', 'SBOXDEBBXXX', 'EUR',
        'Girokonto', 'Girokonto', 'CACC', 'enabled', 'Lena Lahm', 'PRIV', null, 1);

insert into bank_transaction (transaction_id, account_id, entry_reference, end_to_end_id, booking_status,
                              booking_date, value_date, amount, currency, creditor_name, creditor_iban, debtor_name,
                              debtor_iban, remittance, bank_transaction_code)
values ('SBX-SD-0000001', 'psu-slow-data-main', 'ERSD00000001', 'E2E-SBX-SD-0000001', 'booked',
        current_date - 30, current_date - 30, 1800.00, 'EUR', 'Lena Lahm', 'DE54100200300700000017',
        'Sandbox Arbeitgeber AG', 'DE71200300400007000090', 'Gehalt / Salary', 'PMNT-RCDT-ESCT'),
       ('SBX-SD-0000002', 'psu-slow-data-main', 'ERSD00000002', 'E2E-SBX-SD-0000002', 'booked',
        current_date - 10, current_date - 11, -42.50, 'EUR', 'REWE Markt', 'DE76200300400007000000', 'Lena Lahm',
        'DE54100200300700000017', 'Kartenzahlung REWE Markt', 'PMNT-CCRD-POSD');

insert into balance (account_id, balance_type, amount, reference_date, last_change)
values ('psu-slow-data-main', 'closingBooked', 1757.50, current_date - 1, now()),
       ('psu-slow-data-main', 'interimAvailable', 1757.50, current_date, now()),
       ('psu-slow-data-main', 'expected', 1757.50, current_date, now());
