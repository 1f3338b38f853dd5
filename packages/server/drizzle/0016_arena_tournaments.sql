-- Arena tournaments (areas/tournaments): the arena with its fixed settings and its director's fence, each
-- player's counted results with the points, fire and performance derived from them and their pause state,
-- and each arena game keyed by the game's id (the director names it before starting it).
CREATE TABLE "tournament_pairings" (
	"game_id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"white_id" integer NOT NULL,
	"black_id" integer NOT NULL,
	"white_rating" integer NOT NULL,
	"black_rating" integer NOT NULL,
	"white_berserk" boolean DEFAULT false NOT NULL,
	"black_berserk" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'playing' NOT NULL,
	"winner" text,
	"plies" integer,
	"counted" boolean,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tournament_players" (
	"tournament_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"club_id" integer,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"on_fire" boolean DEFAULT false NOT NULL,
	"performance" integer,
	"berserks" integer DEFAULT 0 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"pauses" integer DEFAULT 0 NOT NULL,
	"rejoin_at" timestamp with time zone,
	"playing_game_id" text,
	"final_rank" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_players_tournament_id_user_id_pk" PRIMARY KEY("tournament_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"status" text DEFAULT 'created' NOT NULL,
	"variant" text NOT NULL,
	"time_class" text NOT NULL,
	"base_ms" integer NOT NULL,
	"increment_ms" integer NOT NULL,
	"jumpstart" jsonb,
	"rated" boolean NOT NULL,
	"berserkable" boolean NOT NULL,
	"streaks" boolean NOT NULL,
	"duration_minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"club_id" integer,
	"conditions" jsonb NOT NULL,
	"club_battle" jsonb,
	"director_epoch" integer DEFAULT 0 NOT NULL,
	"nb_players" integer DEFAULT 0 NOT NULL,
	"winner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_white_id_users_id_fk" FOREIGN KEY ("white_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_black_id_users_id_fk" FOREIGN KEY ("black_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_pairings_tournament_idx" ON "tournament_pairings" USING btree ("tournament_id","started_at");--> statement-breakpoint
CREATE INDEX "tournament_pairings_playing_idx" ON "tournament_pairings" USING btree ("tournament_id") WHERE "tournament_pairings"."status" = 'playing';--> statement-breakpoint
CREATE INDEX "tournament_pairings_white_idx" ON "tournament_pairings" USING btree ("white_id");--> statement-breakpoint
CREATE INDEX "tournament_pairings_black_idx" ON "tournament_pairings" USING btree ("black_id");--> statement-breakpoint
CREATE INDEX "tournament_players_user_idx" ON "tournament_players" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tournament_players_points_idx" ON "tournament_players" USING btree ("tournament_id","points" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tournaments_status_idx" ON "tournaments" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "tournaments_club_idx" ON "tournaments" USING btree ("club_id","starts_at") WHERE "tournaments"."club_id" is not null;