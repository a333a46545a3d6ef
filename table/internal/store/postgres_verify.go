package store

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/tableside/tableside/events"
)

// The guards postgres.sql makes, as it makes them: each trigger's definition and each
// function's body, read from the file itself so that they cannot drift from it. Verify holds
// the database's to them, as SQLite's verify holds the file's triggers to schema.sql's text: a
// guard replaced by a weaker one of the same name, a function rewritten to let edits through,
// or a trigger added that changes what is inserted would each leave the log unguarded, or
// changed, with every name still in place. They are read when a verify first asks, not at
// start: every command would otherwise compile and run the patterns, PostgreSQL or not.
var (
	pgTriggerDefs = sync.OnceValue(func() map[string]string { return matches(`(?s)CREATE TRIGGER (\w+) (.*?);`) })
	pgFunctions   = sync.OnceValue(func() map[string]string {
		return matches(`(?s)CREATE FUNCTION (\w+)\(\) [^$]*\$\$(.*?)\$\$;`)
	})
)

// matches reads from PostgresSchema, for each match of pattern, its first group's text to its
// second's.
func matches(pattern string) map[string]string {
	out := map[string]string{}
	for _, m := range regexp.MustCompile(pattern).FindAllStringSubmatch(PostgresSchema, -1) {
		out[m[1]] = m[2]
	}
	return out
}

// triggerDef puts a trigger's definition in one form, whether postgres.sql's text or what
// pg_get_triggerdef prints: one space between words, the table not qualified by its schema,
// and EXECUTE FUNCTION as PostgreSQL 11 and later print it.
func triggerDef(def string) string {
	def = strings.Join(strings.Fields(def), " ")
	def = pgQualified().ReplaceAllString(def, "ON $1 ")
	return strings.Replace(def, "EXECUTE PROCEDURE ", "EXECUTE FUNCTION ", 1)
}

var pgQualified = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`ON (?:"?\w+"?\.)?(games|events) `) })

// pgGuardsQuery lists every trigger on games and events with its definition and when it fires
// (pg_trigger.tgenabled), then every function of postgres.sql's names in the schema in use with
// its body, then every rule on tableside's tables with its definition.
const pgGuardsQuery = `
	SELECT 'trigger', t.tgname, pg_get_triggerdef(t.oid), t.tgenabled::text FROM pg_trigger t
	WHERE t.tgrelid IN ('games'::regclass, 'events'::regclass) AND NOT t.tgisinternal
	UNION ALL
	SELECT 'function', p.proname, p.prosrc, '' FROM pg_proc p
	WHERE p.pronamespace = current_schema()::regnamespace AND p.proname = ANY ($1::text[])
	UNION ALL
	SELECT 'rule', r.rulename, pg_get_ruledef(r.oid), '' FROM pg_rewrite r
	WHERE r.ev_class IN ('games'::regclass, 'events'::regclass, 'tableside_schema'::regclass)`

// pgFiring says what a trigger's firing mode other than postgres.sql's (tgenabled 'O', in every
// ordinary session) does to it, by the mode's letter.
var pgFiring = map[string]string{
	"D": "is disabled",
	"R": "fires only in replica sessions (ENABLE REPLICA TRIGGER), so in an ordinary session it does nothing",
	"A": "fires in every session, replica ones included (ENABLE ALWAYS TRIGGER), where tableside made it fire in ordinary sessions",
}

// verifyGuards holds the database's triggers and functions to postgres.sql's.
func (s *Postgres) verifyGuards(ctx context.Context) ([]events.Broken, error) {
	rows, err := s.query(ctx, pgGuardsQuery, slices.Sorted(maps.Keys(pgFunctions())))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	triggers, functions := map[string]string{}, map[string]string{}
	var broken []events.Broken
	say := func(format string, args ...any) {
		broken = append(broken, events.Broken{Reason: fmt.Sprintf(format, args...)})
	}
	const since = "anyone may have changed the log since"
	for rows.Next() {
		var kind, name, def, mode string
		if err := rows.Scan(&kind, &name, &def, &mode); err != nil {
			return nil, err
		}
		switch {
		case kind == "function":
			functions[name] = def
		case kind == "rule":
			// postgres.sql makes no rule: any rule rewrites what is written to or read from
			// the log, and may make a write that answers success store nothing.
			say("a rule tableside did not make is on its tables (%s): it may keep what is recorded from being stored, or change it; %s", strings.Join(strings.Fields(def), " "), since)
		case mode == "D":
			// Left out of triggers: named below as missing or disabled.
		default:
			triggers[name] = def
			if what, ok := pgFiring[mode]; ok {
				say("the trigger %s %s; %s", name, what, since)
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, name := range slices.Sorted(maps.Keys(pgTriggerDefs())) {
		def, ok := triggers[name]
		switch {
		case !ok:
			say("the trigger %s is missing or disabled: the database no longer refuses what it refused; %s", name, since)
		case triggerDef(def) != triggerDef("CREATE TRIGGER "+name+" "+pgTriggerDefs()[name]):
			say("the trigger %s is not as tableside made it (%s): it may no longer refuse what it refused; %s", name, triggerDef(def), since)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(triggers)) {
		if _, ours := pgTriggerDefs()[name]; !ours {
			say("a trigger tableside did not make is on its tables (%s): it may change what is recorded", triggerDef(triggers[name]))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(pgFunctions())) {
		body, ok := functions[name]
		switch {
		case !ok:
			say("the function %s is missing: the triggers that call it cannot guard the log", name)
		case body != pgFunctions()[name]:
			say("the function %s is not as tableside made it: the triggers that call it may let edits through; %s", name, since)
		}
	}
	return broken, nil
}

// postgresChecks are sqlite_verify.go's fileChecks in PostgreSQL's SQL: each returns (game, seq,
// reason) for every row that breaks a rule the store keeps.
var postgresChecks = []string{
	`SELECT g.id, 1, 'the games row says kind ' || quote_nullable(g.kind) || ' where the first event says '
		|| quote_nullable(e.payload::json ->> 'kind') || ': the row was changed behind the log''s back'
	FROM games g JOIN events e ON e.game = g.id AND e.seq = 1
	WHERE g.kind IS DISTINCT FROM e.payload::json ->> 'kind'`,
	`SELECT g.id, 1, 'the games row says created at ' || g.created_at || ' where the first event was recorded at '
		|| e.at || ': the row was changed behind the log''s back'
	FROM games g JOIN events e ON e.game = g.id AND e.seq = 1
	WHERE g.created_at IS DISTINCT FROM e.at`,
	`SELECT g.id, 1, 'the games row says match ' || quote_nullable(g.match) || ' where the first event says '
		|| quote_nullable(coalesce(e.payload::json ->> 'match', '')) || ': the row was changed behind the log''s back'
	FROM games g JOIN events e ON e.game = g.id AND e.seq = 1
	WHERE g.match IS DISTINCT FROM coalesce(e.payload::json ->> 'match', '')`,
	`SELECT id, 0, 'the game has no events' FROM games
	WHERE NOT EXISTS (SELECT 1 FROM events WHERE game = games.id)`,
	`SELECT game, min(seq), 'events of a game that has no games row' FROM events
	WHERE game NOT IN (SELECT id FROM games) GROUP BY game`,
}

// VerifyFile checks the database apart from the games' hash chains, which the application walks:
//
//   - every trigger and function postgres.sql makes, there, enabled and as it made them, and
//     no other trigger on its tables (verifyGuards);
//   - every games row against its game's first event (kind, time, match);
//   - games with no events, events with no game, and game ids missing between two games.
func (s *Postgres) VerifyFile(ctx context.Context) ([]events.Broken, error) {
	broken, err := s.verifyGuards(ctx)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	found, err := s.verifyRows(ctx, slices.Concat(postgresChecks, movedChecks))
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	return append(broken, found...), nil
}
