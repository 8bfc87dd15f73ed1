DROP INDEX "permission_groups_name_en_key";--> statement-breakpoint
ALTER TABLE "permission_groups" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD CONSTRAINT "permission_groups_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "permission_groups_name_ar_key" ON "permission_groups" USING btree (coalesce("branch_id", 0),"name_ar");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_groups_name_en_key" ON "permission_groups" USING btree (coalesce("branch_id", 0),lower("name_en"));