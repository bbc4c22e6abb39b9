-- shared-security: X-Request-ID replay store (DESIGN.md "Request pipeline", step 7).
-- Each service keeps its own copy in its own database; rows older than 24 h are removed by a scheduled job.
create table request_replay (
    tpp_id          varchar(140) not null,
    request_id      uuid         not null,
    method          varchar(10)  not null,
    path            varchar(1000) not null,
    digest          varchar(200) not null,
    response_status integer,
    response_body   bytea,
    response_headers text,
    created_at      timestamptz  not null default now(),
    primary key (tpp_id, request_id)
);
create index request_replay_created_at on request_replay (created_at);
