-- One word for one concept (docs/decisions/069): the accounts a user connects are "connected
-- accounts" everywhere. Renamed in place, with their indexes and constraints: nothing is rebuilt
-- or checked again.
ALTER TABLE "provider_accounts" RENAME TO "connected_accounts";--> statement-breakpoint
ALTER TABLE "connected_accounts" RENAME CONSTRAINT "provider_accounts_pkey" TO "connected_accounts_pkey";--> statement-breakpoint
ALTER TABLE "connected_accounts" RENAME CONSTRAINT "provider_accounts_provider_check" TO "connected_accounts_provider_check";--> statement-breakpoint
ALTER TABLE "connected_accounts" RENAME CONSTRAINT "provider_accounts_status_check" TO "connected_accounts_status_check";--> statement-breakpoint
ALTER TABLE "connected_accounts" RENAME CONSTRAINT "provider_accounts_fetch_failure_check" TO "connected_accounts_fetch_failure_check";--> statement-breakpoint
ALTER TABLE "connected_accounts" RENAME CONSTRAINT "provider_accounts_owner_id_users_id_fk" TO "connected_accounts_owner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "channels" RENAME CONSTRAINT "channels_account_id_provider_accounts_id_fk" TO "channels_account_id_connected_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "oauth_states" RENAME CONSTRAINT "oauth_states_account_id_provider_accounts_id_fk" TO "oauth_states_account_id_connected_accounts_id_fk";--> statement-breakpoint
ALTER INDEX "provider_accounts_owner_provider_external_unique" RENAME TO "connected_accounts_owner_provider_external_unique";--> statement-breakpoint
ALTER INDEX "provider_accounts_one_primary_unique" RENAME TO "connected_accounts_one_primary_unique";
