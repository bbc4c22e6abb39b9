-- The TPP's TPP-Rejection-NoFunds-Preferred, sent to the bank with the payment (null: the TPP did not say).
alter table payment add column rejection_no_funds_preferred boolean;
