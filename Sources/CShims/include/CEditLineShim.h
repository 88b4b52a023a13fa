// Non-variadic wrappers around libedit (histedit.h) for Swift.
//
// Swift cannot call C variadic functions (`el_set`, `el_get`, `history`) and Swift 6 rejects
// glibc's `stdin`/`stdout`/`stderr` globals, so everything that needs them lives here.
//
// pokedex does not link libedit: only an interactive session edits lines, and loading it (with
// libtinfo and libbsd) cost every start about half a millisecond. It is opened with dlopen when
// the first editor or history is created; the functions here call through the pointers then
// resolved, and Swift calls libedit only through them.
#pragma once
#include <histedit.h>
#include <stddef.h>
#include <wchar.h>

/// Loads libedit (`libedit.so.2`) and libbsd's `strunvis`, once; safe to call from any thread.
/// NULL when they are ready; otherwise why not (the same text at every call). The editor and
/// history constructors below call it and fail when it does.
const char *_Nullable pdx_editline_load(void);

/// libedit's line functions (histedit.h), for the editor functions written in Swift.
const LineInfo *_Nullable pdx_el_line(EditLine *_Nonnull el);
int pdx_el_cursor(EditLine *_Nonnull el, int count);
void pdx_el_deletestr(EditLine *_Nonnull el, int count);
int pdx_el_insertstr(EditLine *_Nonnull el, const char *_Nonnull text);
void pdx_el_push(EditLine *_Nonnull el, const char *_Nonnull text);
int pdx_el_wgetc(EditLine *_Nonnull el, wchar_t *_Nonnull character);

/// One libedit session on the process's standard input and output, plus the state its custom
/// character reader needs (the wake-up pipe, the UTF-8 decoder state, the prompt).
typedef struct PDXEditor PDXEditor;

/// A libedit editor function (EL_ADDFN): receives the editor and the key, returns a `CC_*` code.
typedef unsigned char (*PDXEditorFunction)(EditLine *_Nonnull el, int key);

/// What the reader tells the editor's hook (`pdx_editor_set_hook`).
typedef enum {
  /// No key is waiting: the reader is about to wait for one, the screen shows the line as
  /// libedit drew it (the moment to draw a suggestion after the cursor).
  PDX_HOOK_IDLE = 0,
  /// Enter was read: the line is about to be accepted (the moment to erase a suggestion).
  PDX_HOOK_NEWLINE = 1,
} PDXHookEvent;

/// Called by the character reader on the editor's thread (see PDXHookEvent).
typedef void (*PDXEditorHook)(EditLine *_Nonnull el, PDXHookEvent event);

/// Byte written to the wake-up pipe to drop the line being edited (Ctrl-C).
#define PDX_WAKE_INTERRUPT 'i'
/// Byte written to the wake-up pipe after the terminal was resized (SIGWINCH).
#define PDX_WAKE_RESIZE 'w'
/// Wake-up byte: the process continued after a stop (Ctrl-Z, then fg): the terminal is put back in
/// edit mode and the prompt and the line are redrawn.
#define PDX_WAKE_CONTINUE 'c'
/// Byte written to the wake-up pipe when text waits to be printed above the prompt: the reader
/// then returns PDX_ASYNC_PRINT_KEY, which the editor binds to a function that prints the text and
/// redraws the line (LLDB's PrintAsync).
#define PDX_WAKE_PRINT 'p'
/// The key the reader returns for PDX_WAKE_PRINT: Ctrl-\ (0x1C), which a terminal in libedit's
/// edit mode turns into SIGQUIT, so the user never types it as a character.
#define PDX_ASYNC_PRINT_KEY 0x1C

/// Sets LC_CTYPE from the environment, falling back to C.UTF-8 when that yields plain "C"/"POSIX"
/// (libedit silently drops non-ASCII input in the C locale). Returns the locale now in effect.
const char *_Nullable pdx_setup_locale(void);

/// Creates an emacs-mode editor on stdin/stdout/stderr with signal handling off (EL_SIGNAL 0) and
/// a character reader that also watches `wake_fd`, the (non-blocking) read end of a pipe that
/// receives PDX_WAKE_* bytes. `context` is handed back by `pdx_editor_context`. Returns NULL when
/// libedit could not be set up.
PDXEditor *_Nullable pdx_editor_create(const char *_Nonnull program, int wake_fd,
                                       void *_Nullable context);

/// Ends the libedit session (restoring the terminal) and frees everything.
void pdx_editor_destroy(PDXEditor *_Nullable editor);

/// The `context` given to `pdx_editor_create`, found from the EditLine an editor function receives.
void *_Nullable pdx_editor_context(EditLine *_Nonnull el);

/// Replaces the prompt. Invisible sequences must be enclosed in '\1' characters.
void pdx_editor_set_prompt(PDXEditor *_Nonnull editor, const char *_Nonnull prompt);

/// Registers `function` under `name` (EL_ADDFN) and then, when `key` is not NULL, binds `key` to it
/// (EL_BIND), in that order.
int pdx_editor_add_function(
  PDXEditor *_Nonnull editor, const char *_Nonnull name, const char *_Nonnull help,
  PDXEditorFunction _Nonnull function, const char *_Nullable key);

/// Sets the hook the character reader calls (NULL: none).
void pdx_editor_set_hook(PDXEditor *_Nonnull editor, PDXEditorHook _Nullable hook);

/// The keys the reader returns while `pdx_editor_set_demo_keys` is on (a demo is played), which
/// the editor binds: Esc pressed alone (no escape sequence follows it within 30 ms) as Ctrl-]
/// (0x1D); Enter and Space on an empty line as Ctrl-^ (0x1E) and Ctrl-_ (0x1F).
#define PDX_LONE_ESCAPE_KEY 0x1D
#define PDX_DEMO_ENTER_KEY 0x1E
#define PDX_DEMO_SPACE_KEY 0x1F

/// Whether the reader returns the demo's keys (above).
void pdx_editor_set_demo_keys(PDXEditor *_Nonnull editor, int on);

/// Reads `path` as an editrc file (el_source): bindings and settings for this program.
int pdx_editor_source(PDXEditor *_Nonnull editor, const char *_Nonnull path);

/// Replaces the prompt of the editor `el` belongs to (from an editor function).
void pdx_el_set_prompt(EditLine *_Nonnull el, const char *_Nonnull prompt);

/// Has libedit draw the prompt and the line afresh from where the terminal's cursor is (which
/// must be the start of a row): EL_REFRESH.
void pdx_el_refresh(EditLine *_Nonnull el);

/// Whether a byte of input arrives on standard input within `milliseconds`.
int pdx_input_pending(int milliseconds);

/// Binds `key` (libedit notation, e.g. "^W" or "\\e[3~") to a built-in editor command.
int pdx_editor_bind(PDXEditor *_Nonnull editor, const char *_Nonnull key, const char *_Nonnull command);

/// The history browsed with the arrow keys (owned by the editor).
History *_Nonnull pdx_editor_history(PDXEditor *_Nonnull editor);

/// Reads one line. Returns the line (with its newline) or NULL at end of input; `*interrupted` is
/// set to 1 when a PDX_WAKE_INTERRUPT byte ended the read (the text must then be dropped).
/// Drain the wake-up pipe before calling: bytes already in it take effect.
const char *_Nullable pdx_editor_gets(PDXEditor *_Nonnull editor, int *_Nonnull count,
                                      int *_Nonnull interrupted);

/// Writes text to standard output (the same stdio stream libedit and Swift's print use) and
/// flushes it.
void pdx_write_stdout(const char *_Nonnull text);

/// The terminal width in columns as libedit knows it (80 when unknown).
int pdx_columns(EditLine *_Nonnull el);

/// Puts the terminal back into the mode it had when the first editor was created, if an editor
/// is currently reading a line. Safe to call from any thread (used at exit and on SIGTERM/SIGHUP).
void pdx_restore_terminal(void);

// MARK: History lists (non-variadic `history` calls)

/// A new history list holding at most `size` entries; `unique` drops consecutive duplicates.
History *_Nullable pdx_history_create(int size, int unique);
/// Frees a history list.
void pdx_history_destroy(History *_Nullable history);
/// Appends an entry. Returns 0 on success.
int pdx_history_enter(History *_Nonnull history, const char *_Nonnull line);
/// Removes every entry.
void pdx_history_clear(History *_Nonnull history);
/// Loads entries from a file in libedit's format. Returns the count, or -1.
int pdx_history_load(History *_Nonnull history, const char *_Nonnull path);
/// Saves entries to a file in libedit's format (mode 0600). Returns the count, or -1.
int pdx_history_save(History *_Nonnull history, const char *_Nonnull path);
/// The oldest entry (and moves the cursor there), or NULL when empty.
const char *_Nullable pdx_history_oldest(History *_Nonnull history);
/// The entry after the cursor towards the newest (and moves there), or NULL at the end.
const char *_Nullable pdx_history_newer(History *_Nonnull history);

/// The width of a character in terminal columns in the current locale (0 for controls).
int pdx_wcwidth(unsigned int character);

/// Whether a resize or a continue asked for the prompt and the line to be redrawn; clears it.
int pdx_take_redraw(EditLine *_Nonnull el);
