-- A transaction report too large for one JSON answer (over psd2.account-data.download-threshold entries) is offered
-- as a download: one row per offer, the link's id kept only as its SHA-256 (a read of the table yields no usable
-- link). A download is used once (used_at) and not after expires_at; it is bound to the TPP, consent and account.
create table report_download (
    id_hash        char(64)     primary key,
    provider_code  varchar(35)  not null,
    tpp_id         varchar(140) not null,
    consent_id     varchar(140) not null,
    account_id     uuid         not null references bank_account (id) on delete cascade,
    booking_status varchar(10)  not null,
    date_from      date         not null,
    date_to        date         not null,
    expires_at     timestamptz  not null,
    used_at        timestamptz
);
-- expired offers are deleted when new ones are made
create index report_download_expires on report_download (expires_at);
