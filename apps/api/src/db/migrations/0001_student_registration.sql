CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"owner_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "nationality" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "region_code" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "city_id" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "id_expiry" date;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "id_issue_source" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "classification" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "occupation" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "occupation_in_iqama" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "passport_number" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "computer_number" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "education" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "photo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "id_copy_file_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_id_copy_file_id_files_id_fk" FOREIGN KEY ("id_copy_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;