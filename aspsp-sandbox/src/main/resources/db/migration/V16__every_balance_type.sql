-- Every balance type the bank keeps (BANK-API.md "Account data"): a payment account gets interimBooked (what is
-- booked so far today) and forwardAvailable (what is at the PSU's disposal tomorrow), and says of each balance that
-- no credit limit is counted in (the sandbox's payment accounts have none). Card accounts keep their own four
-- (CardSeed). SeedData writes the same for a bank seeded after this version.
insert into balance (account_id, balance_type, amount, reference_date, last_change)
select b.account_id, 'interimBooked', b.amount, current_date, b.last_change
  from balance b join account a on a.id = b.account_id
 where a.masked_pan is null and b.balance_type = 'closingBooked'
   and not exists (select 1 from balance x where x.account_id = b.account_id and x.balance_type = 'interimBooked');
insert into balance (account_id, balance_type, amount, reference_date, last_change)
select b.account_id, 'forwardAvailable', b.amount, current_date + 1, b.last_change
  from balance b join account a on a.id = b.account_id
 where a.masked_pan is null and b.balance_type = 'interimAvailable'
   and not exists (select 1 from balance x where x.account_id = b.account_id and x.balance_type = 'forwardAvailable');
update balance set credit_limit_included = false
 where credit_limit_included is null
   and account_id in (select id from account where masked_pan is null);
