-- A consent's requested access is mapped by Hibernate as JSON (@JdbcTypeCode(SqlTypes.JSON)), which PostgreSQL stores
-- as jsonb. Every value written so far is Jackson's JSON of the same record, so it converts as is.
alter table consent alter column requested_access type jsonb using requested_access::jsonb;
