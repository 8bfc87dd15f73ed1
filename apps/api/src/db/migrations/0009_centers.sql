CREATE TABLE "centers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"cr_number" text NOT NULL,
	"cr_expiry" date NOT NULL,
	"licence_number" text NOT NULL,
	"licence_expiry" date NOT NULL,
	"vat_number" text NOT NULL,
	"region_code" text NOT NULL,
	"city_id" text NOT NULL,
	"address" text NOT NULL,
	"contact_name" text NOT NULL,
	"cr_copy_file_id" uuid,
	"licence_copy_file_id" uuid,
	"rejection_reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "centers_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "centers_cr_number_unique" UNIQUE("cr_number")
);
--> statement-breakpoint
ALTER TABLE "centers" ADD CONSTRAINT "centers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centers" ADD CONSTRAINT "centers_cr_copy_file_id_files_id_fk" FOREIGN KEY ("cr_copy_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centers" ADD CONSTRAINT "centers_licence_copy_file_id_files_id_fk" FOREIGN KEY ("licence_copy_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centers" ADD CONSTRAINT "centers_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "centers_kind_name_en_key" ON "centers" USING btree ("kind",lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "centers_kind_name_ar_key" ON "centers" USING btree ("kind","name_ar");--> statement-breakpoint
CREATE INDEX "centers_kind_status_created_idx" ON "centers" USING btree ("kind","status","created_at","id");--> statement-breakpoint
CREATE INDEX "centers_status_created_idx" ON "centers" USING btree ("status","created_at","id");