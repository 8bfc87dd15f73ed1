-- A certificate states what was true when it was issued (issue 24 point 4, decision 0025): the
-- holder's names and ID number, the course's names and the photo are kept on the certificate, and
-- the PDF, the QR's signed claims and every read come from them, never from the live profile.
--
-- 1. The columns, filled for the certificates already issued from today's data (the nearest there
--    is to what they said), then made NOT NULL. Their photo stays empty: the bytes are in the file
--    store, out of SQL's reach; a reissue gives such a certificate the holder's current photo.
-- 2. A reissue (a name correction) is a new certificate of the same attempt naming the one it
--    replaces: one first issue per attempt, and each certificate reissued at most once.
-- 3. A trigger refuses any change to what a certificate states: only its revocation changes.
ALTER TABLE "certificates" ADD COLUMN "holder_name_en" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "holder_name_ar" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "holder_id_number" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "course_name_en" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "course_name_ar" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "photo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "reissue_of_id" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "certificates" AS c
SET "holder_name_en" = u."name_en",
    "holder_name_ar" = u."name_ar",
    "holder_id_number" = coalesce(u."id_number", ''),
    "course_name_en" = co."name_en",
    "course_name_ar" = co."name_ar",
    "created_at" = c."issued_at",
    "updated_at" = coalesce(c."revoked_at", c."issued_at")
FROM "students" AS s, "users" AS u, "courses" AS co
WHERE s."id" = c."student_id" AND u."id" = s."user_id" AND co."id" = c."course_id";--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "holder_name_en" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "holder_name_ar" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "holder_id_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "course_name_en" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "course_name_ar" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_reissue_of_id_certificates_id_fk" FOREIGN KEY ("reissue_of_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX "certificates_attempt_key";--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_attempt_key" ON "certificates" USING btree ("attempt_id") WHERE "certificates"."reissue_of_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_reissue_of_key" ON "certificates" USING btree ("reissue_of_id");--> statement-breakpoint
CREATE INDEX "certificates_holder_id_number_idx" ON "certificates" USING btree ("holder_id_number");--> statement-breakpoint
CREATE FUNCTION "certificates_keep_what_they_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."serial", NEW."attempt_id", NEW."student_id", NEW."course_id", NEW."score", NEW."issued_at",
      NEW."valid_until", NEW."signature", NEW."holder_name_en", NEW."holder_name_ar",
      NEW."holder_id_number", NEW."course_name_en", NEW."course_name_ar", NEW."photo_file_id",
      NEW."reissue_of_id", NEW."created_at")
     IS DISTINCT FROM
     (OLD."serial", OLD."attempt_id", OLD."student_id", OLD."course_id", OLD."score", OLD."issued_at",
      OLD."valid_until", OLD."signature", OLD."holder_name_en", OLD."holder_name_ar",
      OLD."holder_id_number", OLD."course_name_en", OLD."course_name_ar", OLD."photo_file_id",
      OLD."reissue_of_id", OLD."created_at") THEN
    RAISE EXCEPTION 'certificate % states what was true at its issue: only its revocation may change', OLD."id"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "certificates_keep_what_they_state" BEFORE UPDATE ON "certificates"
  FOR EACH ROW EXECUTE FUNCTION "certificates_keep_what_they_state"();
