-- A UUID of version 7 (RFC 9562): the first 48 bits the Unix time in milliseconds, then the
-- version, then random bits, so ids made later sort later (docs/decisions/089). PostgreSQL 18
-- has uuidv7(); 15 to 17 and PGlite do not, so it is made from gen_random_uuid(): its first six
-- bytes replaced by the time, and its version nibble 0100 (4) turned into 0111 (7) by setting
-- bits 52 and 53 (set_bit counts from a byte's lowest bit). Its variant bits stay as they are.
CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid
  LANGUAGE sql VOLATILE
  AS $$ SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid $$;--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "id" SET DEFAULT uuid_v7();
