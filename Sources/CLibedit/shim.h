/* libedit (Debian's libedit-dev, the BSD editline library) for Swift: the native histedit API,
 * with small functions in place of the variadic el_set/el_get/history calls Swift cannot make.
 * One `cle_editor` is owned by one thread: nothing here is shared or locked. */
#include <errno.h>
#include <histedit.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

/* An editor with its history and its prompt text. */
typedef struct cle_editor {
    EditLine *line;
    History *history;
    char *prompt;
} cle_editor;

static inline char *cle_prompt_of(EditLine *line) {
    void *data = NULL;
    el_get(line, EL_CLIENTDATA, &data);
    cle_editor *editor = (cle_editor *)data;
    return (editor != NULL && editor->prompt != NULL) ? editor->prompt : (char *)"";
}

/* Sets the prompt (copied). */
static inline void cle_set_prompt(cle_editor *editor, const char *prompt) {
    char *copy = strdup(prompt);
    if (copy == NULL) return;
    free(editor->prompt);
    editor->prompt = copy;
}

/* How long a terminal takes at most between the bytes of one key (Alt-x, an arrow key). */
#define CLE_ESCAPE_WAIT_MS 50

/* Reads one character for libedit from standard input, decoded by the C locale (UTF-8) as libedit's
 * own reader does; 1 when read, 0 at end of input, -1 on error. An Escape with no byte after it within
 * CLE_ESCAPE_WAIT_MS (the Escape key itself, not the start of Alt-x or an arrow key) is read as Ctrl-G,
 * which emacs mode leaves unbound (the bell rings; the line is unchanged): libedit does not sit waiting
 * for the rest of a sequence, with the lines that arrive meanwhile held back until the next key. */
static inline int cle_read_character(EditLine *line, wchar_t *out) {
    (void)line;
    char bytes[MB_LEN_MAX];
    size_t count = 0;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    for (;;) {
        unsigned char byte;
        ssize_t got = read(STDIN_FILENO, &byte, 1);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return (int)got;
        if (count == 0 && byte == 0x1b) {
            struct pollfd next = { STDIN_FILENO, POLLIN, 0 };
            int ready;
            do { ready = poll(&next, 1, CLE_ESCAPE_WAIT_MS); } while (ready < 0 && errno == EINTR);
            *out = ready > 0 ? (wchar_t)0x1b : (wchar_t)0x07;
            return 1;
        }
        bytes[count++] = (char)byte;
        wchar_t character;
        size_t used = mbrtowc(&character, &bytes[count - 1], 1, &state);
        if (used == (size_t)-2 && count < MB_LEN_MAX) continue;
        if (used == (size_t)-1 || used == (size_t)-2) {
            *out = (wchar_t)0xFFFD;  /* not a character in this locale: the replacement character */
            return 1;
        }
        *out = used == 0 ? (wchar_t)0 : character;
        return 1;
    }
}

/* An emacs-style editor on stdin/stdout with `history_size` entries of history, drawing as on a
 * dumb terminal (carriage return, backspace and spaces: no cursor addressing, no erase sequences),
 * its signal handlers off (the program has its own), keys read by cle_read_character, ~/.editrc read.
 * NULL when libedit cannot start. */
static inline cle_editor *cle_open(const char *program, int history_size) {
    cle_editor *editor = calloc(1, sizeof(cle_editor));
    if (editor == NULL) return NULL;
    editor->line = el_init(program, stdin, stdout, stderr);
    editor->history = history_init();
    if (editor->line == NULL || editor->history == NULL) {
        if (editor->line != NULL) el_end(editor->line);
        if (editor->history != NULL) history_end(editor->history);
        free(editor);
        return NULL;
    }
    HistEvent event;
    history(editor->history, &event, H_SETSIZE, history_size);
    history(editor->history, &event, H_SETUNIQUE, 1);
    el_set(editor->line, EL_CLIENTDATA, (void *)editor);
    el_set(editor->line, EL_SIGNAL, 0);
    el_set(editor->line, EL_TERMINAL, "dumb");
    el_set(editor->line, EL_EDITOR, "emacs");
    el_set(editor->line, EL_PROMPT, cle_prompt_of);
    el_set(editor->line, EL_HIST, history, editor->history);
    el_set(editor->line, EL_GETCFN, cle_read_character);
    el_source(editor->line, NULL);
    cle_set_prompt(editor, "");
    return editor;
}

/* Adds a line to the history (the newest entry). */
static inline void cle_history_add(cle_editor *editor, const char *entry) {
    HistEvent event;
    history(editor->history, &event, H_ENTER, entry);
}

/* Starts (1) or finishes (0) a line read a character at a time: starting prints the prompt and puts
 * the terminal in edit mode, finishing puts the terminal back as it was. */
static inline void cle_set_unbuffered(cle_editor *editor, int on) { el_set(editor->line, EL_UNBUFFERED, on); }

/* Draws the prompt and the line being edited again, from the cursor's column. */
static inline void cle_refresh(cle_editor *editor) { el_set(editor->line, EL_REFRESH); }

/* Reads what one key gives: the line so far (count in *count), ending in '\n' once complete;
 * NULL at end of input or on error. */
static inline const char *cle_read(cle_editor *editor, int *count) { return el_gets(editor->line, count); }

/* The bytes of the line being edited (not terminated): its start and its length in *length. */
static inline const char *cle_line(cle_editor *editor, int *length) {
    const LineInfo *info = el_line(editor->line);
    *length = (int)(info->lastchar - info->buffer);
    return info->buffer;
}

/* The character the terminal sends for end of input (Ctrl-D), as libedit reads it. */
static inline int cle_eof_character(void) { return 4; }

/* Ends the editor and frees it. */
static inline void cle_close(cle_editor *editor) {
    el_end(editor->line);
    history_end(editor->history);
    free(editor->prompt);
    free(editor);
}

/* The C standard output stream, flushed (libedit writes through it). */
static inline void cle_flush_stdout(void) { fflush(stdout); }
