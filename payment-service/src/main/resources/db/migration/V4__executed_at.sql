-- When a payment was executed (reached ACSC, or ACCC without ACSC seen): where the settlement horizon starts.
-- It was measured from updated_at, which any later change moved (the bank reporting the debtor account after
-- execution), so the horizon could start again. Executed payments take their last change, the best known value.
alter table payment add column executed_at timestamptz;
update payment set executed_at = updated_at where transaction_status in ('ACSC', 'ACCC');
