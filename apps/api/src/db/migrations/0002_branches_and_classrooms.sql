CREATE TABLE "classrooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "type" text DEFAULT 'main' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "region_code" text DEFAULT 'SA-01' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "city_id" text DEFAULT 'riyadh' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "baladiya_code" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "civil_defense_code" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "civil_defense_expiry" date;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "cr_expiry" date;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "rent_amount" bigint;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "rent_due_date" date;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "classrooms_branch_name_key" ON "classrooms" USING btree ("branch_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "branches_name_en_key" ON "branches" USING btree (lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "branches_name_ar_key" ON "branches" USING btree ("name_ar");