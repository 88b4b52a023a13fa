#include "sqlite_options.h"

int pdx_sqlite_keep_log_at_close(sqlite3 *connection, int keep) {
  return sqlite3_db_config(connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, keep ? 1 : 0, (int *)0);
}
