-- Every read of a consent or a signing basket names its id with its owner (provider, TPP). An index leading with the
-- owner can look as cheap to the planner as the primary key (it did in the test database, and in the benchmark's
-- after its preparation), and a lookup then reads all of the TPP's consents to keep the one whose id it names. No
-- query reads by owner alone, so the owner indexes go, and with them their cost on every insert.
drop index consent_owner;
drop index signing_basket_owner;
