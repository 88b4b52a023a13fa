#include "sqlite_options.h"

#include <sqlite3.h>

int pdx_sqlite_keep_log_at_close(void *connection, int keep) {
  return sqlite3_db_config((sqlite3 *)connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, keep ? 1 : 0,
                           (int *)0);
}
