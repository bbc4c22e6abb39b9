-- A PSU's login locks after sandbox.login.max-failures wrong passwords in a row, for sandbox.login.lock-duration
-- (PsuLogin): the count of wrong passwords since the last good one, and the end of the current lock.
alter table psu add column failed_logins int not null default 0;
alter table psu add column locked_until timestamptz;
