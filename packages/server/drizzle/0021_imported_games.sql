-- Games imported from PGN, with their analysis on the row once computed.
CREATE TABLE "imported_games" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" integer,
	"tags" jsonb NOT NULL,
	"initial_fen" text NOT NULL,
	"uci_moves" jsonb NOT NULL,
	"sans" jsonb NOT NULL,
	"result" text NOT NULL,
	"entries" jsonb,
	"nodes" integer,
	"engine" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imported_games" ADD CONSTRAINT "imported_games_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imported_games_owner_idx" ON "imported_games" USING btree ("owner_user_id");