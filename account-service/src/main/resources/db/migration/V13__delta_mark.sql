-- deltaList=true: per TPP, consent and account, the highest booked entry (booked_seq) delivered so far. A delta read
-- locks its row, answers the entries after it and advances it to the last entry of the page delivered.
create table delta_mark (
    provider_code varchar(35)  not null,
    tpp_id        varchar(140) not null,
    consent_id    varchar(140) not null,
    account_id    uuid         not null references bank_account (id) on delete cascade,
    last_seq      bigint       not null,
    primary key (provider_code, tpp_id, consent_id, account_id)
);
