ALTER TABLE "sandbox_plaid"."transfers" DROP CONSTRAINT "transfers_authorization_id_transfer_authorizations_authorization_id_fk";
