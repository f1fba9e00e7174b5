/* ncursesw for Swift: the header itself plus static inline shims for the macros and
 * mutable globals Swift cannot import (or cannot touch under Swift 6 strict concurrency). */
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* Not visible through Glibc from Swift. */
extern int wcwidth(wchar_t c);

/* glibc's malloc_trim (malloc.h): gives freed heap pages back to the system. */
#include <malloc.h>
static inline void cnc_malloc_trim(void) { (void)malloc_trim(0); }
/* mallopt with both thresholds fixed at `bytes` and the top pad at `pad`: 1 when glibc took all three. */
static inline int cnc_pin_malloc_thresholds(int bytes, int pad) {
    return mallopt(M_MMAP_THRESHOLD, bytes) == 1 && mallopt(M_TRIM_THRESHOLD, bytes) == 1
        && mallopt(M_TOP_PAD, pad) == 1;
}

/* Mutable globals, read through functions. */
static inline WINDOW *cnc_stdscr(void) { return stdscr; }
static inline int cnc_lines(void) { return LINES; }
static inline int cnc_cols(void) { return COLS; }
static inline int cnc_colors(void) { return COLORS; }
static inline int cnc_color_pairs(void) { return COLOR_PAIRS; }
static inline void cnc_getmaxyx(WINDOW *w, int *y, int *x) { getmaxyx(w, *y, *x); }

/* The C standard streams (mutable globals too). */
static inline FILE *cnc_stdout(void) { return stdout; }
static inline FILE *cnc_stdin(void) { return stdin; }

/* Function-like macros. */
static inline int cnc_key_f(int n) { return KEY_F(n); }
static inline int cnc_wcwidth(wchar_t c) { return wcwidth(c); }

/* Attributes (built with NCURSES_BITS, so not importable). */
static inline attr_t cnc_a_normal(void) { return A_NORMAL; }
static inline attr_t cnc_a_bold(void) { return A_BOLD; }
static inline attr_t cnc_a_dim(void) { return A_DIM; }
static inline attr_t cnc_a_italic(void) { return A_ITALIC; }
static inline attr_t cnc_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cnc_a_reverse(void) { return A_REVERSE; }
static inline attr_t cnc_a_standout(void) { return A_STANDOUT; }

/* Sets attributes and an extended colour pair (beyond the short range) on a window. */
static inline int cnc_wattr_set(WINDOW *w, attr_t a, int pair) {
    return wattr_set(w, a, (short)(pair > 32767 ? 0 : pair), &pair);
}

/* Sets the background of a window to blanks with the given attributes and colour pair. */
static inline void cnc_wbkgrndset(WINDOW *w, attr_t a, int pair) {
    cchar_t c;
    wchar_t blank[2] = { L' ', 0 };
    setcchar(&c, blank, a, (short)(pair > 32767 ? 0 : pair), &pair);
    wbkgrndset(w, &c);
}

/* Mouse: the wheel and the left button. */
static inline mmask_t cnc_wheel_mask(void) { return BUTTON4_PRESSED | BUTTON5_PRESSED | BUTTON1_PRESSED; }
static inline mmask_t cnc_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cnc_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cnc_button5_pressed(void) { return BUTTON5_PRESSED; }
/* Reads the pending mouse event; returns its button state, or 0 when there is none. */
static inline mmask_t cnc_getmouse_bstate(int *y, int *x) {
    MEVENT ev;
    if (getmouse(&ev) != OK) return 0;
    *y = ev.y;
    *x = ev.x;
    return ev.bstate;
}

/* Line-drawing characters that show as real box characters in captures. */
static inline const cchar_t *cnc_wacs_hline(void) { return WACS_HLINE; }
static inline const cchar_t *cnc_wacs_vline(void) { return WACS_VLINE; }

/* Direct colour: true when the terminal description has the RGB flag (xterm-direct, tmux-direct…),
 * so colour numbers are 0xRRGGBB values instead of palette indices. */
static inline int cnc_has_direct_color(void) {
    return tigetflag("RGB") > 0 || COLORS >= 0x1000000;
}
