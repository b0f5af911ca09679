-- Issue 23: a notice may be assigned to an approval level (/level-master); its users who reach the location are reminded.
ALTER TABLE "notices" ADD COLUMN "assignee_level_id" integer;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_assignee_level_id_levels_id_fk" FOREIGN KEY ("assignee_level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;