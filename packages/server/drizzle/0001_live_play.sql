CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"chat_type" text NOT NULL,
	"username" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_moves" (
	"game_id" text NOT NULL,
	"ply" integer NOT NULL,
	"san" text NOT NULL,
	"uci" text NOT NULL,
	"fen" text NOT NULL,
	"white_ms" integer NOT NULL,
	"black_ms" integer NOT NULL,
	"clock" jsonb NOT NULL,
	"moved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_moves_game_id_ply_pk" PRIMARY KEY("game_id","ply")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"variant" text NOT NULL,
	"time_class" text NOT NULL,
	"base_ms" integer NOT NULL,
	"increment_ms" integer NOT NULL,
	"initial_fen" text NOT NULL,
	"white_user_id" integer,
	"black_user_id" integer,
	"white_session_id" text NOT NULL,
	"black_session_id" text NOT NULL,
	"white_name" text NOT NULL,
	"black_name" text NOT NULL,
	"rated" boolean NOT NULL,
	"club_id" integer,
	"white_elo" integer,
	"black_elo" integer,
	"white_deltas" jsonb NOT NULL,
	"black_deltas" jsonb NOT NULL,
	"status" text NOT NULL,
	"winning_color" text,
	"end_reason" text,
	"white_elo_change" integer,
	"black_elo_change" integer,
	"fen" text NOT NULL,
	"ply" integer DEFAULT 0 NOT NULL,
	"moves" text DEFAULT '' NOT NULL,
	"clock" jsonb NOT NULL,
	"rematch_of" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "node_heartbeats" (
	"node_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"user_id" integer NOT NULL,
	"variant" text NOT NULL,
	"time_class" text NOT NULL,
	"elo" integer NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"draws" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ratings_user_id_variant_time_class_pk" PRIMARY KEY("user_id","variant","time_class")
);
--> statement-breakpoint
ALTER TABLE "game_moves" ADD CONSTRAINT "game_moves_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_white_user_id_users_id_fk" FOREIGN KEY ("white_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_black_user_id_users_id_fk" FOREIGN KEY ("black_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_chat_idx" ON "chat_messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE INDEX "games_active_idx" ON "games" USING btree ("status") WHERE "games"."status" = 'active';--> statement-breakpoint
CREATE INDEX "games_white_user_idx" ON "games" USING btree ("white_user_id","created_at");--> statement-breakpoint
CREATE INDEX "games_black_user_idx" ON "games" USING btree ("black_user_id","created_at");--> statement-breakpoint
CREATE INDEX "ratings_board_idx" ON "ratings" USING btree ("variant","time_class","elo" DESC NULLS LAST,"user_id");