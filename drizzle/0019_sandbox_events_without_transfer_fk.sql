ALTER TABLE "sandbox_plaid"."transfer_events" DROP CONSTRAINT "transfer_events_transfer_id_transfers_transfer_id_fk";
