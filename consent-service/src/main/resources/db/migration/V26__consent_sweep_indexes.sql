-- The two sweeps over the open consents read an index, not the table: the expiry job (every minute) takes the valid
-- consents of one provider past their last valid day, and the bank-sync job (every 30 s) the oldest-checked ones.
-- Without the first index every run of the expiry scanned the table; with stale statistics its plan re-scanned it
-- once per valid consent (2,000 valid consents: 2.4 s a run).
create index consent_valid_until on consent (provider_code, valid_until) where status = 'valid';

-- A consent the bank registered was always stamped bank_checked_at with its registration (and V6 stamped the older
-- ones); this makes the bank-sync job's order by bank_checked_at alone safe for a row that somehow lacks it.
update consent set bank_checked_at = updated_at where bank_checked_at is null and bank_consent_id is not null;
