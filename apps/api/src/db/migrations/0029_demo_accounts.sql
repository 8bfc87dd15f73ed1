ALTER TABLE "users" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_demo_idx" ON "users" USING btree ("id") WHERE ("users"."is_demo" or lower("users"."email") like '%@tasreeh.test');--> statement-breakpoint
-- Databases seeded before this migration: the demo e-mails, and any account that still holds the
-- very hash the demo seed gave them (one hash for all, so an equal hash is the demo password even
-- where the e-mail was changed).
UPDATE "users" SET "is_demo" = true
WHERE lower("email") LIKE '%@tasreeh.test'
   OR "password_hash" IN (SELECT "password_hash" FROM "users" WHERE lower("email") LIKE '%@tasreeh.test');
