-- The writer's fence moves from a join in the move INSERT into the foreign key every move row checks
-- anyway: each row carries its writer's epoch, which must be its game's; a takeover's new epoch cascades.
ALTER TABLE "games" ADD CONSTRAINT "games_id_owner_epoch_unique" UNIQUE("id","owner_epoch");--> statement-breakpoint
ALTER TABLE "game_moves" ADD COLUMN "owner_epoch" integer;--> statement-breakpoint
UPDATE "game_moves" SET "owner_epoch" = "games"."owner_epoch" FROM "games" WHERE "games"."id" = "game_moves"."game_id";--> statement-breakpoint
ALTER TABLE "game_moves" ALTER COLUMN "owner_epoch" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "game_moves" DROP CONSTRAINT "game_moves_game_id_games_id_fk";--> statement-breakpoint
ALTER TABLE "game_moves" ADD CONSTRAINT "game_moves_owner_fk" FOREIGN KEY ("game_id","owner_epoch") REFERENCES "public"."games"("id","owner_epoch") ON DELETE cascade ON UPDATE cascade;
