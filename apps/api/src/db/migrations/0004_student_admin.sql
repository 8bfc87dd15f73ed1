ALTER TABLE "students" ADD COLUMN "corporate_id" integer;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "on_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name_en || ' ' || name_ar || ' ' || email || ' ' || coalesce(id_number, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(username, ''))) STORED;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_branch_idx" ON "students" USING btree ("branch_id","id");--> statement-breakpoint
CREATE INDEX "students_corporate_idx" ON "students" USING btree ("corporate_id");--> statement-breakpoint
CREATE INDEX "users_type_name_en_idx" ON "users" USING btree ("type","name_en","id");--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);