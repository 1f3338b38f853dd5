-- Daily club matches: the match, its sign-ups, and its games with their results (the score is one read).
CREATE TABLE "club_match_games" (
	"game_id" text PRIMARY KEY NOT NULL,
	"match_id" text NOT NULL,
	"board" integer NOT NULL,
	"white_side" text NOT NULL,
	"white_user_id" integer,
	"black_user_id" integer,
	"white_name" text NOT NULL,
	"black_name" text NOT NULL,
	"white_rating" integer NOT NULL,
	"black_rating" integer NOT NULL,
	"result" text
);
--> statement-breakpoint
CREATE TABLE "club_match_players" (
	"match_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"side" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_match_players_match_id_user_id_pk" PRIMARY KEY("match_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "club_matches" (
	"id" text PRIMARY KEY NOT NULL,
	"club_a" integer NOT NULL,
	"club_b" integer NOT NULL,
	"created_by" integer,
	"status" text NOT NULL,
	"days" integer NOT NULL,
	"variant" text NOT NULL,
	"rated" boolean NOT NULL,
	"max_boards" integer NOT NULL,
	"starts_at" bigint NOT NULL,
	"starting_until" bigint,
	"started_at" bigint,
	"finished_at" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "club_match_games" ADD CONSTRAINT "club_match_games_match_id_club_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."club_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_match_games" ADD CONSTRAINT "club_match_games_white_user_id_users_id_fk" FOREIGN KEY ("white_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_match_games" ADD CONSTRAINT "club_match_games_black_user_id_users_id_fk" FOREIGN KEY ("black_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_match_players" ADD CONSTRAINT "club_match_players_match_id_club_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."club_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_match_players" ADD CONSTRAINT "club_match_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_matches" ADD CONSTRAINT "club_matches_club_a_clubs_id_fk" FOREIGN KEY ("club_a") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_matches" ADD CONSTRAINT "club_matches_club_b_clubs_id_fk" FOREIGN KEY ("club_b") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_matches" ADD CONSTRAINT "club_matches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_match_games_match_idx" ON "club_match_games" USING btree ("match_id","board");--> statement-breakpoint
CREATE INDEX "club_matches_a_idx" ON "club_matches" USING btree ("club_a");--> statement-breakpoint
CREATE INDEX "club_matches_b_idx" ON "club_matches" USING btree ("club_b");--> statement-breakpoint
CREATE INDEX "club_matches_due_idx" ON "club_matches" USING btree ("starts_at") WHERE "club_matches"."status" = 'open';