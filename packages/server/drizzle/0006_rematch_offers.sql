CREATE TABLE "rematch_offers" (
	"offer_id" text PRIMARY KEY NOT NULL,
	"previous_game_id" text NOT NULL,
	"from_player" jsonb NOT NULL,
	"to_player" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rematch_offers" ADD CONSTRAINT "rematch_offers_previous_game_id_games_id_fk" FOREIGN KEY ("previous_game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rematch_offers_game_idx" ON "rematch_offers" USING btree ("previous_game_id");