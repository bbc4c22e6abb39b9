-- The debtor account the PSU chose on the bank's SCA page for a payment whose initiation named none, as the bank
-- reports it: kept apart from the initiation (the payment as the TPP sent it), which older rows had it written into.
alter table payment add column chosen_debtor_iban varchar(34);
alter table payment add column chosen_debtor_currency varchar(3);
