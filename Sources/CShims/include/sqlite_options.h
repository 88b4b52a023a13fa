// SQLite's API for the cache's store, and the one setting Swift cannot make itself:
// `sqlite3_db_config` is variadic, and Swift does not call variadic C functions.
#pragma once

#include <sqlite3.h>

/// Whether closing `connection` leaves its write-ahead log as it is
/// (`SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`) instead of copying it into the database file first and
/// removing it. Returns SQLite's result code.
int pdx_sqlite_keep_log_at_close(sqlite3 *_Nonnull connection, int keep);
