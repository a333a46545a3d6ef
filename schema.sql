-- The tableside store, schema version 4 (store.SchemaVersion in table/internal/store, kept in
-- PRAGMA user_version). This file makes a new database; store.Open brings an older one up to
-- this version with the steps in its migrations list, which make the same changes. Version 2
-- added games.match, version 3 where an imported game came from (origin, import_batch,
-- import_game), version 4 the summaries.
--
-- A game is a log of events, and nothing in the log is ever changed or removed: a mistake at
-- the table is corrected by a new event (void, amend, ruling, adjust), so the record keeps what
-- really happened, mistakes included, and a replay years later gives the same answer. The
-- triggers at the end make that a property of the file rather than a promise of the program:
-- another SQLite tool cannot edit or delete an event by accident either.
--
-- Times are Unix milliseconds (INTEGER), never text: they sort, compare and survive time zones.

-- games holds what `tableside games` and `tableside match` list without decoding JSON.
-- Everything a replay needs is in the game's first event (game.created); kind, created_at and
-- match are copied from it.
CREATE TABLE games (
    id         INTEGER PRIMARY KEY,                  -- the number players type: `show 3`
    kind       TEXT    NOT NULL CHECK (kind <> ''),  -- "candidate", "pinochle", …
    created_at INTEGER NOT NULL,                     -- Unix ms of the game.created event
    -- The match or season the game counts towards ("autumn club"), '' for a game on its own.
    -- A column, so that a match's games are found by the index below instead of by replaying
    -- every game. It and the columns after it come in the order migrations added them, since
    -- ALTER TABLE appends, and a new file should have the same columns in the same order.
    match      TEXT    NOT NULL DEFAULT '',
    -- Where an imported game came from; NULL for a game recorded in this file. Every file
    -- numbers its games anew, but a game's hash chain covers the number it was first recorded
    -- under (events.Hash), so that its chain and the seals of its printed sheets survive a move:
    origin       INTEGER,  -- that number, when it is not id
    import_batch INTEGER,  -- the import that brought the game: the games of one file share it
    import_game  INTEGER   -- the game's number in that file, for the file's seal
);

-- A match's games in id order (an index entry carries its rowid, the id). Games in no match
-- stay out of it; a query must say match <> '' for SQLite to use it.
CREATE INDEX games_match ON games (match) WHERE match <> '';

-- events is the log: one row per move or correction. (game, seq) is the primary key, so two
-- terminals recording into the same game cannot both write event 41; the store also checks,
-- inside the writing transaction, that the last event is the one the writer saw. WITHOUT ROWID
-- keeps each game's events together on disk in seq order, which is the order they are read.
CREATE TABLE events (
    game    INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL CHECK (seq >= 1),      -- 1, 2, 3 … within the game, no gaps
    type    TEXT    NOT NULL CHECK (type <> ''),    -- "game.created", "candidate.bid", "void" …
    actor   TEXT    NOT NULL DEFAULT '',            -- a player's name; '' is the table itself
    payload TEXT    NOT NULL CHECK (json_valid(payload)),  -- compact JSON, hashed byte for byte
    at      INTEGER NOT NULL,                       -- Unix ms when it was recorded
    hash    TEXT    NOT NULL CHECK (length(hash) = 64),    -- hex SHA-256, see events.Hash
    PRIMARY KEY (game, seq),
    -- A game starts with game.created and has only one: the first event holds the rules the
    -- rest of the log is replayed under.
    CHECK ((seq = 1) = (type = 'game.created'))
) WITHOUT ROWID;

-- An event must follow the game's last one. The primary key already forbids writing a seq
-- twice; this forbids skipping one, so "event 41" always means the 41st thing recorded.
CREATE TRIGGER events_in_order BEFORE INSERT ON events
WHEN NEW.seq <> coalesce((SELECT max(seq) FROM events WHERE game = NEW.game), 0) + 1
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: an event must follow the last event of its game');
END;

-- The log is append-only. A correction is a new event, so an UPDATE or DELETE here is always
-- either a bug or an edit behind the referee's back; refuse both. (Someone who drops these
-- triggers can still edit the file: `tableside verify` walks the hash chain to catch that.)
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: record a correction (void, amend, ruling, adjust) instead of updating');
END;

CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: record a correction (void, amend, ruling, adjust) instead of deleting');
END;

-- A game's row is a copy of its first event, so it is as fixed as the event; deleting it would
-- orphan the log.
CREATE TRIGGER games_no_update BEFORE UPDATE ON games
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: a game''s kind and creation time never change');
END;

CREATE TRIGGER games_no_delete BEFORE DELETE ON games
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: a game is never deleted');
END;

-- summaries is a read model, not the record: what a replay of each game says of it (its state,
-- winners, totals, places, open flags), kept so that a list of a season's games reads a row a
-- game instead of replaying every log. The application writes a game's row in the transaction
-- that appends to its log, so a row is replaced, never appended; it is never trusted over the
-- log. A read takes it only when it was made from the game's last event (seq and hash, which an
-- undo or a correction moves on) by the same engine (version), and its seal (hex SHA-256 of
-- hash, version and body) matches: a row edited by hand, stale or from an older engine is
-- ignored and the game replayed. `tableside check` makes each again and names a game whose
-- row differs, `tableside verify` one whose seal does not match, `tableside summarize` makes
-- them all again.
CREATE TABLE summaries (
    game    INTEGER PRIMARY KEY REFERENCES games(id),
    seq     INTEGER NOT NULL,                     -- the game's last event it was made from
    hash    TEXT    NOT NULL,                     -- that event's hash
    version TEXT    NOT NULL,                     -- the engine that made it
    body    TEXT    NOT NULL,                     -- JSON, the application's
    seal    TEXT    NOT NULL CHECK (length(seal) = 64)
);
