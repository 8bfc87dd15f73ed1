CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"description_en" text,
	"description_ar" text,
	"price" bigint NOT NULL,
	"vat_rate" integer DEFAULT 1500 NOT NULL,
	"image_file_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(code || ' ' || name_en || ' ' || name_ar)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_positive" CHECK ("products"."price" > 0),
	CONSTRAINT "products_vat_rate_range" CHECK ("products"."vat_rate" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_key" ON "products" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_en_key" ON "products" USING btree (lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_ar_key" ON "products" USING btree ("name_ar");--> statement-breakpoint
CREATE INDEX "products_status_name_en_idx" ON "products" USING btree ("status","name_en","id");--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);