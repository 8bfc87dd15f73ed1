CREATE TABLE "corporate_attachments" (
	"corporate_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corporate_attachments_corporate_id_kind_pk" PRIMARY KEY("corporate_id","kind"),
	CONSTRAINT "corporate_attachments_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
ALTER TABLE "corporate_attachments" ADD CONSTRAINT "corporate_attachments_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_attachments" ADD CONSTRAINT "corporate_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_segments_key" ON "ledger_accounts" USING btree ("organization","business_unit","department","natural_account","main_account");