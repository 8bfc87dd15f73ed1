CREATE TABLE "fee_setups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"service" text NOT NULL,
	"original_fee" bigint NOT NULL,
	"amana_fee_kind" text NOT NULL,
	"amana_fee" bigint NOT NULL,
	"vat_rate" integer NOT NULL,
	"vat_on_original" boolean NOT NULL,
	"vat_on_amana" boolean NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"department" text NOT NULL,
	"business_unit" text NOT NULL,
	"organization" text NOT NULL,
	"natural_account" text NOT NULL,
	"main_account" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fee_setups_name_en_key" ON "fee_setups" USING btree (lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "fee_setups_name_ar_key" ON "fee_setups" USING btree ("name_ar");