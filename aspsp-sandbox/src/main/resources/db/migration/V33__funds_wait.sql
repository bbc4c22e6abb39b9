-- TPP-Rejection-NoFunds-Preferred as the gateway forwards it: false lets an authorised payment the funds do not cover
-- wait for them (ACTC) until awaits_funds_until, instead of being rejected at once (AM04).
alter table payment add column rejection_no_funds_preferred boolean;
alter table payment add column awaits_funds_until timestamptz;
create index payment_awaiting_funds on payment (awaits_funds_until) where awaits_funds_until is not null;
