// The SQLite settings Swift cannot make itself: `sqlite3_db_config` is variadic, and Swift does
// not call variadic C functions. The connection is passed untyped, so that this header does not
// bring sqlite3.h in beside the copy GRDB's module holds.
#pragma once

/// Whether closing `connection` (a `sqlite3 *`) leaves its write-ahead log as it is
/// (`SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`) instead of copying it into the database file first and
/// removing it. Returns SQLite's result code.
int pdx_sqlite_keep_log_at_close(void *_Nonnull connection, int keep);
