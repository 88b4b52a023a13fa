// See CEditLineShim.h. The model for the character reader and the interrupt handling is LLDB's
// Editline.cpp: EL_SIGNAL 0, a custom EL_GETCFN that poll()s stdin plus a wake-up pipe and decodes
// UTF-8 itself.
#define _XOPEN_SOURCE 700
#include "CEditLineShim.h"

#include <CLibraryLoading.h>

/* libbsd warns that NetBSD changed strnvis/strnunvis (not used here) unless told which to use. */
#define LIBBSD_NETBSD_VIS
#include <bsd/vis.h>

#include <dlfcn.h>
#include <errno.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

// libedit, and libbsd's strunvis, opened on first use (see CEditLineShim.h). Each pointer has the
// type of the declaration it stands for, and the macros below have the code call through them
// (function-like: `history` is also a field's name).
static struct {
  __typeof__(el_init) *el_init;
  __typeof__(el_end) *el_end;
  __typeof__(el_set) *el_set;
  __typeof__(el_get) *el_get;
  __typeof__(el_gets) *el_gets;
  __typeof__(el_line) *el_line;
  __typeof__(el_resize) *el_resize;
  __typeof__(el_source) *el_source;
  __typeof__(el_cursor) *el_cursor;
  __typeof__(el_deletestr) *el_deletestr;
  __typeof__(el_insertstr) *el_insertstr;
  __typeof__(el_push) *el_push;
  __typeof__(el_wgetc) *el_wgetc;
  __typeof__(history_init) *history_init;
  __typeof__(history_end) *history_end;
  __typeof__(history) *history;
  __typeof__(strunvis) *strunvis;
} edit;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static PDXLibrary library = {.name = "libedit"};
static PDXLibrary bsd = {.name = "libbsd"};

static void load(void) {
  static const char *const files[] = {"libedit.so.2"};
  pdx_library_open(&library, files, 1, RTLD_LAZY | RTLD_LOCAL);
  // libedit depends on libbsd, so this finds it loaded.
  static const char *const bsd_files[] = {"libbsd.so.0"};
  if (library.failure == NULL) pdx_library_open(&bsd, bsd_files, 1, RTLD_LAZY | RTLD_LOCAL);
  edit.el_init = pdx_library_symbol(&library, "el_init");
  edit.el_end = pdx_library_symbol(&library, "el_end");
  edit.el_set = pdx_library_symbol(&library, "el_set");
  edit.el_get = pdx_library_symbol(&library, "el_get");
  edit.el_gets = pdx_library_symbol(&library, "el_gets");
  edit.el_line = pdx_library_symbol(&library, "el_line");
  edit.el_resize = pdx_library_symbol(&library, "el_resize");
  edit.el_source = pdx_library_symbol(&library, "el_source");
  edit.el_cursor = pdx_library_symbol(&library, "el_cursor");
  edit.el_deletestr = pdx_library_symbol(&library, "el_deletestr");
  edit.el_insertstr = pdx_library_symbol(&library, "el_insertstr");
  edit.el_push = pdx_library_symbol(&library, "el_push");
  edit.el_wgetc = pdx_library_symbol(&library, "el_wgetc");
  edit.history_init = pdx_library_symbol(&library, "history_init");
  edit.history_end = pdx_library_symbol(&library, "history_end");
  edit.history = pdx_library_symbol(&library, "history");
  edit.strunvis = pdx_library_symbol(&bsd, "strunvis");
}

const char *pdx_editline_load(void) {
  pthread_once(&once, load);
  return library.failure != NULL ? library.failure : bsd.failure;
}

#define el_init(...) (*edit.el_init)(__VA_ARGS__)
#define el_end(...) (*edit.el_end)(__VA_ARGS__)
#define el_set(...) (*edit.el_set)(__VA_ARGS__)
#define el_get(...) (*edit.el_get)(__VA_ARGS__)
#define el_gets(...) (*edit.el_gets)(__VA_ARGS__)
#define el_line(...) (*edit.el_line)(__VA_ARGS__)
#define el_resize(...) (*edit.el_resize)(__VA_ARGS__)
#define el_source(...) (*edit.el_source)(__VA_ARGS__)
#define el_cursor(...) (*edit.el_cursor)(__VA_ARGS__)
#define el_deletestr(...) (*edit.el_deletestr)(__VA_ARGS__)
#define el_insertstr(...) (*edit.el_insertstr)(__VA_ARGS__)
#define el_push(...) (*edit.el_push)(__VA_ARGS__)
#define el_wgetc(...) (*edit.el_wgetc)(__VA_ARGS__)
#define history_init(...) (*edit.history_init)(__VA_ARGS__)
#define history_end(...) (*edit.history_end)(__VA_ARGS__)
#define history(...) (*edit.history)(__VA_ARGS__)
#define strunvis(...) (*edit.strunvis)(__VA_ARGS__)

const LineInfo *pdx_el_line(EditLine *el) { return el_line(el); }
int pdx_el_cursor(EditLine *el, int count) { return el_cursor(el, count); }
void pdx_el_deletestr(EditLine *el, int count) { el_deletestr(el, count); }
int pdx_el_insertstr(EditLine *el, const char *text) { return el_insertstr(el, text); }
void pdx_el_push(EditLine *el, const char *text) { el_push(el, text); }
int pdx_el_wgetc(EditLine *el, wchar_t *character) { return el_wgetc(el, character); }

struct PDXEditor {
  EditLine *el;
  History *history;
  int wake_read;
  int interrupted;
  mbstate_t decoder;
  char *prompt;
  void *context;
  PDXEditorHook hook;
  int redraw;
  atomic_int lone_escape;
  atomic_int demo_keys;
};

// The terminal mode from before any editor was created, restored by pdx_restore_terminal.
static struct termios saved_termios;
static atomic_int termios_saved = 0;
static atomic_int reading_line = 0;

const char *pdx_setup_locale(void) {
  const char *current = setlocale(LC_CTYPE, "");
  if (current == NULL || strcmp(current, "C") == 0 || strcmp(current, "POSIX") == 0) {
    const char *fallback = setlocale(LC_CTYPE, "C.UTF-8");
    if (fallback != NULL) return fallback;
  }
  return current;
}

static PDXEditor *editor_of(EditLine *el) {
  PDXEditor *editor = NULL;
  el_get(el, EL_CLIENTDATA, &editor);
  return editor;
}

static char *prompt_function(EditLine *el) {
  PDXEditor *editor = editor_of(el);
  return (editor != NULL && editor->prompt != NULL) ? editor->prompt : (char *)"";
}

// Moves the terminal cursor to the end of the line by printing the text right of the cursor again
// (no escape codes needed), then starts a new line.
static void finish_interrupted_line(EditLine *el) {
  const LineInfo *info = el_line(el);
  if (info != NULL && info->lastchar > info->cursor) {
    fwrite(info->cursor, 1, (size_t)(info->lastchar - info->cursor), stdout);
  }
  fputs("\x1b[K^C\r\n", stdout);  /* clear a suggestion drawn after the line first */
  fflush(stdout);
}

// EL_GETCFN: one wide character from stdin, or 0 (end of input / interrupted), or -1 (error).
static int read_character(EditLine *el, wchar_t *out) {
  PDXEditor *editor = editor_of(el);
  for (;;) {
    if (editor->hook != NULL) {
      struct pollfd ready[2] = {
        {.fd = STDIN_FILENO, .events = POLLIN},
        {.fd = editor->wake_read, .events = POLLIN},
      };
      if (poll(ready, 2, 0) == 0) editor->hook(el, PDX_HOOK_IDLE);
    }
    struct pollfd fds[2] = {
      {.fd = STDIN_FILENO, .events = POLLIN},
      {.fd = editor->wake_read, .events = POLLIN},
    };
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    if (fds[1].revents & POLLIN) {
      char bytes[32];
      ssize_t count = read(editor->wake_read, bytes, sizeof bytes);
      int interrupt = 0, resize = 0, print = 0, continued = 0;
      for (ssize_t i = 0; i < count; i++) {
        if (bytes[i] == PDX_WAKE_INTERRUPT) interrupt = 1;
        if (bytes[i] == PDX_WAKE_RESIZE) resize = 1;
        if (bytes[i] == PDX_WAKE_PRINT) print = 1;
        if (bytes[i] == PDX_WAKE_CONTINUE) continued = 1;
      }
      if (resize) {
        el_resize(el);
        editor->redraw = 1;
      }
      if (continued) {
        // The shell may have changed the terminal while pokedex was stopped: edit mode again.
        el_set(el, EL_PREP_TERM, 0);
        el_set(el, EL_PREP_TERM, 1);
        editor->redraw = 1;
      }
      if (interrupt) {
        editor->interrupted = 1;
        memset(&editor->decoder, 0, sizeof editor->decoder);
        finish_interrupted_line(el);
        return 0;
      }
      if (print || editor->redraw) {
        *out = PDX_ASYNC_PRINT_KEY;
        return 1;
      }
      continue;
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      unsigned char byte;
      ssize_t count = read(STDIN_FILENO, &byte, 1);
      if (count == 0) return 0;
      if (count < 0) {
        if (errno == EINTR || errno == EAGAIN) continue;
        return -1;
      }
      wchar_t character;
      size_t used = mbrtowc(&character, (const char *)&byte, 1, &editor->decoder);
      if (used == (size_t)-2) continue;  // in the middle of a multi-byte character
      if (used == (size_t)-1) {          // invalid byte: skip it
        memset(&editor->decoder, 0, sizeof editor->decoder);
        continue;
      }
      if ((character == L'\r' || character == L'\n') && editor->hook != NULL) {
        editor->hook(el, PDX_HOOK_NEWLINE);
      }
      // Esc alone (no sequence follows within 30 ms) as a key of its own, when asked for.
      if (character == 0x1B && atomic_load(&editor->lone_escape) && !pdx_input_pending(30)) {
        character = PDX_LONE_ESCAPE_KEY;
      }
      // While a demo plays, Enter and Space on an empty line are keys of their own.
      if (atomic_load(&editor->demo_keys) && (character == L'\r' || character == L'\n' ||
                                              character == L' ')) {
        const LineInfo *line = el_line(el);
        if (line != NULL && line->buffer == line->lastchar) {
          character = character == L' ' ? PDX_DEMO_SPACE_KEY : PDX_DEMO_ENTER_KEY;
        }
      }
      *out = character;
      return 1;
    }
  }
}

PDXEditor *pdx_editor_create(const char *program, int wake_fd, void *context) {
  if (pdx_editline_load() != NULL) return NULL;
  PDXEditor *editor = calloc(1, sizeof *editor);
  if (editor == NULL) return NULL;
  editor->wake_read = wake_fd;
  editor->context = context;
  editor->prompt = strdup("");

  if (isatty(STDIN_FILENO) && !atomic_load(&termios_saved)) {
    if (tcgetattr(STDIN_FILENO, &saved_termios) == 0) atomic_store(&termios_saved, 1);
  }

  editor->el = el_init(program, stdin, stdout, stderr);
  editor->history = history_init();
  if (editor->el == NULL || editor->history == NULL) {
    pdx_editor_destroy(editor);
    return NULL;
  }
  HistEvent event;
  history(editor->history, &event, H_SETSIZE, 100000);
  EditLine *el = editor->el;
  el_set(el, EL_CLIENTDATA, editor);
  el_set(el, EL_EDITOR, "emacs");
  el_set(el, EL_SIGNAL, 0);
  el_set(el, EL_GETCFN, read_character);
  el_set(el, EL_PROMPT_ESC, prompt_function, '\1');
  el_set(el, EL_HIST, edit.history, editor->history);
  return editor;
}

void pdx_editor_destroy(PDXEditor *editor) {
  if (editor == NULL) return;
  if (editor->el != NULL) el_end(editor->el);
  if (editor->history != NULL) history_end(editor->history);
  free(editor->prompt);
  free(editor);
}

void *pdx_editor_context(EditLine *el) {
  PDXEditor *editor = editor_of(el);
  return editor != NULL ? editor->context : NULL;
}

void pdx_editor_set_prompt(PDXEditor *editor, const char *prompt) {
  char *copy = strdup(prompt);
  if (copy == NULL) return;
  free(editor->prompt);
  editor->prompt = copy;
}

int pdx_editor_add_function(PDXEditor *editor, const char *name, const char *help,
                            PDXEditorFunction function, const char *key) {
  // EL_ADDFN must come before EL_BIND: binding an unknown name corrupts libedit's heap.
  if (el_set(editor->el, EL_ADDFN, name, help, function) != 0) return -1;
  if (key == NULL) return 0;
  return el_set(editor->el, EL_BIND, key, name, NULL);
}

void pdx_editor_set_hook(PDXEditor *editor, PDXEditorHook hook) { editor->hook = hook; }

void pdx_editor_set_demo_keys(PDXEditor *editor, int on) {
  atomic_store(&editor->lone_escape, on);
  atomic_store(&editor->demo_keys, on);
}

int pdx_editor_source(PDXEditor *editor, const char *path) { return el_source(editor->el, path); }

void pdx_el_set_prompt(EditLine *el, const char *prompt) {
  PDXEditor *editor = editor_of(el);
  if (editor != NULL) pdx_editor_set_prompt(editor, prompt);
}

void pdx_el_refresh(EditLine *el) { el_set(el, EL_REFRESH); }

int pdx_input_pending(int milliseconds) {
  struct pollfd fd = {.fd = STDIN_FILENO, .events = POLLIN};
  int ready;
  do {
    ready = poll(&fd, 1, milliseconds);
  } while (ready < 0 && errno == EINTR);
  return ready > 0;
}

int pdx_editor_bind(PDXEditor *editor, const char *key, const char *command) {
  return el_set(editor->el, EL_BIND, key, command, NULL);
}

History *pdx_editor_history(PDXEditor *editor) { return editor->history; }

const char *pdx_editor_gets(PDXEditor *editor, int *count, int *interrupted) {
  editor->interrupted = 0;
  memset(&editor->decoder, 0, sizeof editor->decoder);
  atomic_store(&reading_line, 1);
  // Edit mode before the prompt appears: el_gets draws the prompt first, and a key typed in that
  // moment would meet the terminal still in canonical mode (a Ctrl-D there becomes a NUL byte).
  el_set(editor->el, EL_PREP_TERM, 1);
  const char *line = el_gets(editor->el, count);
  atomic_store(&reading_line, 0);
  *interrupted = editor->interrupted;
  return line;
}

void pdx_write_stdout(const char *text) {
  fputs(text, stdout);
  fflush(stdout);
}

int pdx_columns(EditLine *el) {
  int columns = 0;
  if (el_get(el, EL_GETTC, "co", &columns, NULL) != 0 || columns <= 0) return 80;
  return columns;
}

void pdx_restore_terminal(void) {
  if (atomic_load(&termios_saved) && atomic_load(&reading_line)) {
    tcsetattr(STDIN_FILENO, TCSANOW, &saved_termios);
  }
}

History *pdx_history_create(int size, int unique) {
  if (pdx_editline_load() != NULL) return NULL;
  History *list = history_init();
  if (list == NULL) return NULL;
  HistEvent event;
  history(list, &event, H_SETSIZE, size);
  history(list, &event, H_SETUNIQUE, unique);
  return list;
}

void pdx_history_destroy(History *list) {
  if (list != NULL) history_end(list);
}

int pdx_history_enter(History *list, const char *line) {
  HistEvent event;
  return history(list, &event, H_ENTER, line) < 0 ? -1 : 0;
}

void pdx_history_clear(History *list) {
  HistEvent event;
  history(list, &event, H_CLEAR);
}

/* Not libedit's H_LOAD: its loop (libedit 3.1-20221030) hands a line to strdup even when
   strunvis failed on it, and a failed strunvis leaves the buffer unterminated: a damaged file
   made it read past its heap buffer (found by scripts/fuzz history). This is the same format
   and the same decoder (libbsd's strunvis, which libedit uses), with every line checked: a
   file that is not a history, or has a line that does not decode, is damaged (-1). */
int pdx_history_load(History *list, const char *path) {
  static const char cookie[] = "_HiStOrY_V2_\n";
  FILE *file = fopen(path, "r");
  if (file == NULL) return -1;
  char *line = NULL;
  size_t capacity = 0;
  ssize_t length = getline(&line, &capacity, file);
  int count = -1;
  if (length != (ssize_t)(sizeof cookie - 1) || memcmp(line, cookie, sizeof cookie - 1) != 0) {
    goto done;
  }
  count = 0;
  while ((length = getline(&line, &capacity, file)) >= 0) {
    if (length > 0 && line[length - 1] == '\n') line[--length] = '\0';
    /* A NUL inside the line, or an escape that does not decode: not a history. */
    char *decoded = (size_t)length == strlen(line) ? malloc((size_t)length + 1) : NULL;
    if (decoded == NULL || strunvis(decoded, line) < 0) {
      free(decoded);
      count = -1;
      goto done;
    }
    HistEvent event;
    int entered = history(list, &event, H_ENTER, decoded);
    free(decoded);
    if (entered < 0) {
      count = -1;
      goto done;
    }
    count++;
  }
done:
  free(line);
  fclose(file);
  return count;
}

int pdx_history_save(History *list, const char *path) {
  HistEvent event;
  return history(list, &event, H_SAVE, path);
}

const char *pdx_history_oldest(History *list) {
  HistEvent event;
  return history(list, &event, H_LAST) < 0 ? NULL : event.str;
}

const char *pdx_history_newer(History *list) {
  HistEvent event;
  return history(list, &event, H_PREV) < 0 ? NULL : event.str;
}

int pdx_wcwidth(unsigned int character) {
  int width = wcwidth((wchar_t)character);
  return width < 0 ? 0 : width;
}

int pdx_take_redraw(EditLine *el) {
  PDXEditor *editor = editor_of(el);
  if (editor == NULL) return 0;
  int redraw = editor->redraw;
  editor->redraw = 0;
  return redraw;
}
