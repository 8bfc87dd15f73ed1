ALTER TABLE "corporates" ADD COLUMN "cr_expiry" date;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "activity_licence_number" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "activity_licence_expiry" date;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "sub_municipality_licence_number" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "sub_municipality_code" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "sub_municipality_expiry" date;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "municipality" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "type" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "guarantor_name_ar" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "guarantor_id_number" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "guarantor_computer_number" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "representative_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "representative_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "representative_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "head_office_region" text DEFAULT 'SA-01' NOT NULL;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "head_office_city" text DEFAULT 'riyadh' NOT NULL;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "head_office_phone" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "dimension_value" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "virtual_iban" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "location" text;