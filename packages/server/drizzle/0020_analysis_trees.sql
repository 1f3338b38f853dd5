-- A player's own variations of a game on the analysis board (its move tree in SAN), one row per player and game.
CREATE TABLE "analysis_trees" (
	"user_id" integer NOT NULL,
	"game_id" text NOT NULL,
	"tree" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_trees_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "analysis_trees" ADD CONSTRAINT "analysis_trees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;