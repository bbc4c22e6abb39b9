-- The dedicated-interface KPIs of xs2a-platform (package eu.xs2a.platform.kpi; xs2a-platform/README.md "KPIs").
-- Every service has this same text as a migration of its own; KpiMigrationCopiesTest compares the copies with this
-- one. Counts are added per minute (UTC) by every replica's flush; nothing here holds personal data.
create table kpi_request (
    minute        timestamptz not null,                  -- the minute the answers were made in
    service_class varchar(16) not null,                  -- AIS, PIIS, PIS, REGISTRATION
    status        smallint    not null,                  -- the HTTP status; 0: the connection closed unanswered
    cause         varchar(8)  not null check (cause in ('none', 'client', 'gateway', 'bank')),
    late          boolean     not null,                  -- answered after psd2.kpi.unanswered-after (30 s)
    requests      bigint      not null,
    primary key (minute, service_class, status, cause, late)
);
create table kpi_latency (
    minute        timestamptz not null,
    service_class varchar(16) not null,
    upper_ms      integer     not null,                  -- the bucket's upper bound; 2147483647: above the last
    requests      bigint      not null,
    primary key (minute, service_class, upper_ms)
);
-- the EBA's "unavailable": from the first of five consecutive unanswered requests to the next one answered in time
create table kpi_unavailable (
    service_class varchar(16) not null,
    started_at    timestamptz not null,
    ended_at      timestamptz,                           -- null while it lasts
    primary key (service_class, started_at),
    constraint kpi_unavailable_order check (ended_at is null or ended_at >= started_at)
);
-- the self-probe: a minute is up when a probe of the service's readiness answered 200 in it
create table kpi_probe (
    minute        timestamptz primary key,
    probes        integer     not null,
    up            integer     not null
);
