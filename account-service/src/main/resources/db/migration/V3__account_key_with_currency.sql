-- A multi-currency account is listed as one account per currency under one IBAN: the currency joins the key, so
-- that its sub-accounts no longer collapse into one row (Account.keyOf). Keys without an IBAN are the bank's ids.
update bank_account set account_key = account_key || ':' || currency where account_key not like 'bank:%';
