-- Trigram indexes let a search match any part of a name fast (ILIKE '%…%'). pg_trgm is a
-- trusted extension: a database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
