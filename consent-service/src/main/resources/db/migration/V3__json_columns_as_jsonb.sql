-- The consent's value objects (access, account) are mapped by Hibernate as JSON (@JdbcTypeCode(SqlTypes.JSON)), which
-- PostgreSQL stores as jsonb. Every value written so far is Jackson's JSON of the same records, so it converts as is.
alter table consent
    alter column access type jsonb using access::jsonb,
    alter column account type jsonb using account::jsonb;
