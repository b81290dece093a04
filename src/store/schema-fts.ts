// Migration 1, part 4: full-text search over messages (K-14, K-15, C-29).
// unicode61 remove_diacritics 2 folds Vietnamese tone marks but leaves d-stroke
// (U+0111, U+0110) alone, so the triggers and the backfill replace it with d/D
// (SQLite char(273) and char(272)); search.ts folds the query the same way.

/** SQL expression folding d-stroke in `expr`, as indexed. */
export function foldSql(expr: string): string {
  return `replace(replace(${expr}, char(273), 'd'), char(272), 'D')`;
}

// Contentless (content=''): the text lives in messages; contentless_delete lets the
// delete trigger remove a row by rowid. rowid = messages.id.
export const FTS_SCHEMA = `
CREATE VIRTUAL TABLE messages_fts USING fts5(
  content,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages
BEGIN
  INSERT INTO messages_fts (rowid, content) VALUES (new.id, ${foldSql("new.content")});
END;

CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages
BEGIN
  DELETE FROM messages_fts WHERE rowid = old.id;
END;

-- Backfill rows written before the index existed, in the same transaction.
INSERT INTO messages_fts (rowid, content) SELECT id, ${foldSql("content")} FROM messages;
`;

// Migration 5: the same index as an external-content table over messages, so FTS5's snippet() can
// read the stored text back (a contentless table answers NULL). The index holds the folded text and
// messages the original; the fold keeps every token boundary, so snippet()'s token positions still
// land on the right words. Deleting must hand FTS5 exactly what was indexed: the folded old content.
export const FTS_CONTENT_SCHEMA = `
DROP TRIGGER messages_fts_insert;
DROP TRIGGER messages_fts_delete;
DROP TABLE messages_fts;

CREATE VIRTUAL TABLE messages_fts USING fts5(
  content,
  content = 'messages',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages
BEGIN
  INSERT INTO messages_fts (rowid, content) VALUES (new.id, ${foldSql("new.content")});
END;

CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages
BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, content) VALUES ('delete', old.id, ${foldSql("old.content")});
END;

-- Not 'rebuild': that would index the unfolded text.
INSERT INTO messages_fts (rowid, content) SELECT id, ${foldSql("content")} FROM messages;
`;
