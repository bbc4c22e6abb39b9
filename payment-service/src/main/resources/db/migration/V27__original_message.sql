-- The pain.001 document a payment was initiated with (its GrpHdr/MsgId and version), which its pain.002 status
-- reports name; null for a JSON initiation and for pain.001 payments initiated before it was kept.
alter table payment add column original_message jsonb;
