-- A transaction's creditor and debtor account references are mapped by Hibernate as JSON (@JdbcTypeCode(SqlTypes.JSON)),
-- which PostgreSQL stores as jsonb. Every value written so far is Jackson's JSON of the same map, so it converts as is.
alter table account_transaction
    alter column creditor_account type jsonb using creditor_account::jsonb,
    alter column debtor_account type jsonb using debtor_account::jsonb;
