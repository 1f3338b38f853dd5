-- Daily (correspondence) games: their state beside the games row (clock, conditional lines, alarm, draw offer),
-- each account's vacation ledger, and open daily offers and challenges. Daily games in progress are 'active'
-- games rows of time class 'daily' that no node holds: the live-games index leaves them out, and two partial
-- indexes find a player's. The sweeper reads daily_games by deadline.
CREATE TABLE "daily_games" (
	"game_id" text PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"deadline" bigint,
	"paused_left_ms" bigint,
	"alarm_at" bigint,
	"draw_offer_by" text,
	"conditionals_w" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conditionals_b" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_offers" (
	"offer_id" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"owner_name" text NOT NULL,
	"rating" integer NOT NULL,
	"to_user_id" integer,
	"to_name" text,
	"days" integer NOT NULL,
	"variant" text NOT NULL,
	"color" text NOT NULL,
	"rated" boolean NOT NULL,
	"rematch_of" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_vacations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance_ms" bigint NOT NULL,
	"as_of" bigint NOT NULL,
	"since" bigint,
	"runs_out_at" bigint
);
--> statement-breakpoint
DROP INDEX "games_active_idx";--> statement-breakpoint
ALTER TABLE "daily_games" ADD CONSTRAINT "daily_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_offers" ADD CONSTRAINT "daily_offers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_offers" ADD CONSTRAINT "daily_offers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_vacations" ADD CONSTRAINT "daily_vacations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_games_deadline_idx" ON "daily_games" USING btree ("deadline") WHERE "daily_games"."deadline" is not null;--> statement-breakpoint
CREATE INDEX "daily_games_alarm_idx" ON "daily_games" USING btree ("alarm_at") WHERE "daily_games"."alarm_at" is not null;--> statement-breakpoint
CREATE INDEX "daily_offers_public_idx" ON "daily_offers" USING btree ("created_at") WHERE "daily_offers"."to_user_id" is null;--> statement-breakpoint
CREATE INDEX "daily_offers_owner_idx" ON "daily_offers" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "daily_offers_to_idx" ON "daily_offers" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "daily_vacations_runs_out_idx" ON "daily_vacations" USING btree ("runs_out_at") WHERE "daily_vacations"."runs_out_at" is not null;--> statement-breakpoint
CREATE INDEX "games_live_idx" ON "games" USING btree ("status") WHERE "games"."status" = 'active' and "games"."time_class" <> 'daily';--> statement-breakpoint
CREATE INDEX "games_daily_white_idx" ON "games" USING btree ("white_user_id") WHERE "games"."status" = 'active' and "games"."time_class" = 'daily';--> statement-breakpoint
CREATE INDEX "games_daily_black_idx" ON "games" USING btree ("black_user_id") WHERE "games"."status" = 'active' and "games"."time_class" = 'daily';