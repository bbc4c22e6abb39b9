-- Bulk payments (BANK-API.md "Bulk payments"): one payment order of several credit transfers from one debtor
-- account, authorised with one SCA. The payment row is the bulk (amount: the entries' total; no creditor of its
-- own); batch_booking is null for a single payment, else whether the bulk is booked as one debit of the total.
alter table payment alter column creditor_iban drop not null;
alter table payment add column batch_booking boolean;

-- The bulk's credit transfers, in the order submitted. id is the entry's own bank reference (BP-<uuid>), that of its
-- booked transactions; rejected_reason is set when the bank rejected this entry alone (funds, currency) while the
-- others went on: otherwise an entry follows its bulk.
create table payment_entry (
    id                  varchar(40)   primary key,
    payment_id          varchar(40)   not null references payment (id),
    position            int           not null,
    creditor_name       varchar(140)  not null,
    creditor_iban       varchar(34)   not null,
    creditor_address    text,
    creditor_agent      varchar(11),
    creditor_agent_name varchar(140),
    amount              numeric(18,2) not null,
    currency            varchar(3)    not null,
    remittance          varchar(140),
    end_to_end_id       varchar(35),
    rejected_reason     varchar(4),
    payee_verification  varchar(4),
    payee_matched_name  varchar(140),
    unique (payment_id, position)
);
