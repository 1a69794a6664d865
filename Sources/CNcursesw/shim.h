// The wide-character API (get_wch, wadd_wch, setcchar) is only declared
// when NCURSES_WIDECHAR / _XOPEN_SOURCE_EXTENDED are set before the header.
#ifndef AIHELPER_CNCURSESW_SHIM_H
#define AIHELPER_CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
// Swift 6 cannot use the `stdscr` global: the rows under a sixel image are redrawn through this.
static inline int aih_redrawln(int row, int count) { return wredrawln(stdscr, row, count); }
#endif
