-- The tableside store in PostgreSQL, schema version 3 (store.PostgresSchemaVersion, kept in
-- the one row of tableside_schema; postgresMigrations brings an older database up to it). It
-- keeps what schema.sql keeps for SQLite, the same way:
-- a game is a log of events that is never changed, only added to, and the triggers below make
-- that a property of the database, not only a promise of the program. store.OpenPostgres
-- applies this file to a database without tableside's tables, in one transaction.
--
-- Payloads are TEXT, never json or jsonb: each event's hash covers its payload's bytes as the
-- store compacted them, and jsonb reorders keys and respaces. Times are Unix milliseconds.
--
-- The rest of the guard is the role the application connects as. Its owner can drop the
-- triggers; a league's server should connect as a role that may only read and append, e.g.:
--
--     CREATE ROLE tableside_app LOGIN;
--     GRANT SELECT, INSERT ON games, events TO tableside_app;
--     GRANT SELECT, INSERT, UPDATE ON summaries TO tableside_app;
--     GRANT SELECT ON tableside_schema TO tableside_app;
--
-- and no UPDATE, DELETE or TRUNCATE of the log: then an edit is refused twice, by the grants
-- and by the triggers. (summaries is a read model the application replaces, checked against
-- the log on every read, as schema.sql says.) These grants are all the store needs (its locks are advisory, which ask for no
-- privilege); TestAnAppRoleMayOnlyReadAndAppend records through such a role. (Open a database
-- of an older schema once as the owner, to migrate it.)

-- The schema's version: one row, so that a database made by a newer tableside is refused
-- rather than misread.
CREATE TABLE tableside_schema (
    one     BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),
    version INTEGER NOT NULL
);

-- games holds what listings need without decoding JSON, copied from each game's first event.
-- Ids are handed out by the store, one more than the highest, under a lock (see postgres.go):
-- a sequence would skip the id of a transaction that rolled back, and a gap reads as a game
-- deleted.
CREATE TABLE games (
    id         BIGINT PRIMARY KEY,
    kind       TEXT   NOT NULL CHECK (kind <> ''),
    created_at BIGINT NOT NULL,
    match      TEXT   NOT NULL DEFAULT '',
    -- Where an imported game came from, as schema.sql says; NULL for a game recorded here.
    origin       BIGINT,  -- the number the game's hash chain covers, when it is not id
    import_batch BIGINT,  -- the import that brought it: the games of one file share it
    import_game  BIGINT   -- its number in that file
);

-- A match's games in id order; games in no match stay out of it.
CREATE INDEX games_match ON games (match, id) WHERE match <> '';

-- events is the log: (game, seq) is the primary key, seq counts from 1 without gaps.
CREATE TABLE events (
    game    BIGINT NOT NULL REFERENCES games (id),
    seq     BIGINT NOT NULL CHECK (seq >= 1),
    type    TEXT   NOT NULL CHECK (type <> ''),
    actor   TEXT   NOT NULL DEFAULT '',
    payload TEXT   NOT NULL CHECK (payload::json IS NOT NULL),  -- valid JSON, kept as text
    at      BIGINT NOT NULL,
    hash    TEXT   NOT NULL CHECK (length(hash) = 64),
    PRIMARY KEY (game, seq),
    CHECK ((seq = 1) = (type = 'game.created'))
);

-- tableside_refuse refuses the statement with the message its trigger gives it.
CREATE FUNCTION tableside_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'integrity_constraint_violation';
END
$$;

-- An event must follow the game's last one: the primary key forbids writing a seq twice, this
-- forbids skipping one.
CREATE FUNCTION tableside_events_in_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.seq <> coalesce((SELECT max(seq) FROM events WHERE game = NEW.game), 0) + 1 THEN
        RAISE EXCEPTION 'events are append-only: an event must follow the last event of its game'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER events_in_order BEFORE INSERT ON events
    FOR EACH ROW EXECUTE FUNCTION tableside_events_in_order();

-- The log is append-only: a correction is a new event. TRUNCATE, which fires no row trigger,
-- is refused too.
CREATE TRIGGER events_no_update BEFORE UPDATE ON events FOR EACH ROW EXECUTE FUNCTION
    tableside_refuse('events are append-only: record a correction (void, amend, ruling, adjust) instead of updating');
CREATE TRIGGER events_no_delete BEFORE DELETE ON events FOR EACH ROW EXECUTE FUNCTION
    tableside_refuse('events are append-only: record a correction (void, amend, ruling, adjust) instead of deleting');
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION
    tableside_refuse('events are append-only: record a correction (void, amend, ruling, adjust) instead of deleting');

-- A game's row is a copy of its first event, as fixed as the event.
CREATE TRIGGER games_no_update BEFORE UPDATE ON games FOR EACH ROW EXECUTE FUNCTION
    tableside_refuse('events are append-only: a game''s kind and creation time never change');
CREATE TRIGGER games_no_delete BEFORE DELETE ON games FOR EACH ROW EXECUTE FUNCTION
    tableside_refuse('events are append-only: a game is never deleted');
CREATE TRIGGER games_no_truncate BEFORE TRUNCATE ON games FOR EACH STATEMENT EXECUTE FUNCTION
    tableside_refuse('events are append-only: a game is never deleted');

-- summaries: each game's summary, as schema.sql keeps it.
CREATE TABLE summaries (
    game    BIGINT PRIMARY KEY REFERENCES games (id),
    seq     BIGINT NOT NULL,
    hash    TEXT   NOT NULL,
    version TEXT   NOT NULL,
    body    TEXT   NOT NULL,
    seal    TEXT   NOT NULL CHECK (length(seal) = 64)
);

-- Every statement that adds events tells those listening on tableside_events, when it commits
-- (PostgreSQL delivers a notification at commit, once a transaction however many statements
-- sent it): a server's watch hears of what any process recorded.
CREATE FUNCTION tableside_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('tableside_events', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER events_notify AFTER INSERT ON events
    FOR EACH STATEMENT EXECUTE FUNCTION tableside_notify();
